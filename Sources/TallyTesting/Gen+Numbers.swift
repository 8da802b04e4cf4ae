// Integers and booleans. Each maps choice 0 to its simplest value (the number nearest zero that
// the range allows, `false`), so shrinking moves toward it.

extension Gen where Value == Bool {
    /// `false` or `true`, evenly; shrinks to `false`.
    public static var bool: Gen<Bool> {
        Gen { choices in try choices.draw(upTo: 1) == 1 }
    }
}

extension Gen where Value == Int64 {
    /// Integers in `range`, uniformly; shrinks toward the value nearest zero in the range.
    public static func int64(in range: ClosedRange<Int64>) -> Gen<Int64> {
        Gen { choices in
            let span = UInt64(bitPattern: range.upperBound &- range.lowerBound)
            return simplicityOrdered(try choices.draw(upTo: span), in: range)
        }
    }

    /// The `rank`-th simplest value of `range`: 0, 1, −1, 2, −2, … while both signs remain, then
    /// the rest of the longer side; for a range without zero, outward from the end nearest zero.
    static func simplicityOrdered(_ rank: UInt64, in range: ClosedRange<Int64>) -> Int64 {
        if range.lowerBound >= 0 { return range.lowerBound &+ Int64(bitPattern: rank) }
        if range.upperBound <= 0 { return range.upperBound &- Int64(bitPattern: rank) }
        let negatives = range.lowerBound.magnitude  // how many values below zero
        let positives = UInt64(range.upperBound)
        let paired = min(negatives, positives)
        if rank <= paired &* 2 {
            if rank == 0 { return 0 }
            let step = (rank &+ 1) / 2
            return rank % 2 == 1 ? Int64(bitPattern: step) : 0 &- Int64(bitPattern: step)
        }
        let beyond = rank &- paired  // paired + 1, paired + 2, … on the longer side
        return positives > negatives ? Int64(bitPattern: beyond) : 0 &- Int64(bitPattern: beyond)
    }
}

extension Gen where Value == Int {
    /// Integers in `range`, uniformly; shrinks toward the value nearest zero in the range.
    ///
    /// ```swift
    /// Gen.int(in: -5...100)  // shrinks toward 0
    /// Gen.int(in: 10...20)   // shrinks toward 10
    /// ```
    public static func int(in range: ClosedRange<Int>) -> Gen<Int> {
        Gen<Int64>.int64(in: Int64(range.lowerBound)...Int64(range.upperBound)).map { Int($0) }
    }
}
