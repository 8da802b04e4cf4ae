// The app's own code that the StoreKit glue of Guides/Purchases.md calls ("`ReceiptServer`,
// `show` and `log` are yours"), reduced to declarations so that the glue can be type-checked on
// Linux. It stands for the app's code, not for any API of Tally or StoreKit; the shapes are the
// ones the glue's calls require:
//   - `server.upload(orderID:receipt:)` is awaited without `try` and switched over exhaustively
//     with `.accepted`, `.rejected(reason)` and `.unreachable(reason)`; the reasons go into
//     `PurchaseEvent.receiptRejected(transactionID:reason:)` and `.uploadFailed(transactionID:reason:)`,
//     both `String`;
//   - `show(prompt)` takes a `UserPrompt` (from `PurchaseAction.askUser`);
//   - `log(report)` takes a `PurchaseReport` (from `PurchaseAction.report`) and `log(error)` the
//     error a `catch` binds;
//   - `.creditsChanged` is posted through `NotificationCenter`.
// The server is Sendable (a network client that the glue uses from the main actor); `show` and
// `log` are plain nonisolated functions.

import Foundation
import Tally

/// The app's server: verifies a receipt against the order it pays for.
final class ReceiptServer: Sendable {
    /// What the server said about an upload.
    enum Answer: Sendable {
        /// Verified and credited.
        case accepted
        /// Refused for good, with the server's reason.
        case rejected(String)
        /// No answer (network, server error), with what went wrong.
        case unreachable(String)
    }

    func upload(orderID: String, receipt: String) async -> Answer { fatalError() }
}

/// Tells the user something (an alert, a banner).
func show(_ prompt: UserPrompt) { fatalError() }

/// Records something for a person to look at.
func log(_ report: PurchaseReport) { fatalError() }

/// Records an error.
func log(_ error: any Error) { fatalError() }

extension Notification.Name {
    /// Posted when `ledger.ledger.credits` changed.
    static let creditsChanged = Notification.Name("creditsChanged")
}
