/// The kinds of GitHub's alerts, the block quotes whose first line is `[!NOTE]`, `[!TIP]`,
/// `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]`.
package enum AlertKind: String, CaseIterable, Sendable, Hashable {
    case note, tip, important, warning, caution
}
