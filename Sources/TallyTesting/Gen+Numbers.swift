// Integers and booleans. Each maps choice 0 to its simplest value (the number nearest zero that
// the range allows, `false`), so shrinking moves toward it.

extension Gen where Value == Bool {
    /// `false` or `true`, evenly; shrinks to `false`.
    public static var bool: Gen<Bool> {
        Gen { choices in try choices.draw(upTo: 1) == 1 }
    }
}

extension Gen where Value == Int64 {
    /// Integers in `range`: uniformly, except that in a range of more than 64 values one value in
    /// 16 is one of its edges — its ends, the values next to them, and 0 and ±1 when the range
    /// holds them — where off-by-one and overflow bugs live and a uniform draw seldom goes (100
    /// values of `0...1000` meet 1000 one run in ten; of `Int64.min ... .max`, never). Shrinks
    /// toward the value nearest zero in the range.
    public static func int64(in range: ClosedRange<Int64>) -> Gen<Int64> {
        let span = UInt64(bitPattern: range.upperBound &- range.lowerBound)
        // The edges as the ranks the uniform draw gives them, so that each value has one choice
        // however it was drawn (two encodings of 99 kept `[99, 99]` from shrinking to `[0, 0]`).
        let edges = span < 64 ? [] : edgeValues(of: range).map { simplicityRank(of: $0, in: range) }
        return Gen { choices in
            simplicityOrdered(try choices.draw(upTo: span, favouring: edges), in: range)
        }
    }

    /// The edges of `range` the generator favours, simplest first: 0, 1 and −1 when inside, the
    /// ends and the values next to them.
    static func edgeValues(of range: ClosedRange<Int64>) -> [Int64] {
        var edges: [Int64] = []
        let candidates: [Int64] = [0, 1, -1, range.lowerBound, range.upperBound]
            + [range.lowerBound.addingReportingOverflow(1), range.upperBound.subtractingReportingOverflow(1)]
                .filter { !$0.overflow }.map(\.partialValue)
        for value in candidates where range.contains(value) && !edges.contains(value) {
            edges.append(value)
        }
        return edges
    }

    /// The rank `simplicityOrdered` gives `value` (its inverse): `simplicityOrdered(simplicityRank(of: v, in: r), in: r) == v`.
    static func simplicityRank(of value: Int64, in range: ClosedRange<Int64>) -> UInt64 {
        if range.lowerBound >= 0 { return UInt64(bitPattern: value &- range.lowerBound) }
        if range.upperBound <= 0 { return UInt64(bitPattern: range.upperBound &- value) }
        let paired = min(range.lowerBound.magnitude, UInt64(range.upperBound))
        if value == 0 { return 0 }
        if value.magnitude <= paired { return value > 0 ? value.magnitude &* 2 &- 1 : value.magnitude &* 2 }
        return paired &+ value.magnitude
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
    /// Integers in `range`, uniformly but for its edges, as `int64(in:)` draws them; shrinks
    /// toward the value nearest zero in the range.
    ///
    /// ```swift
    /// Gen.int(in: -5...100)  // shrinks toward 0
    /// Gen.int(in: 10...20)   // shrinks toward 10
    /// ```
    public static func int(in range: ClosedRange<Int>) -> Gen<Int> {
        Gen<Int64>.int64(in: Int64(range.lowerBound)...Int64(range.upperBound)).map { Int($0) }
    }
}
