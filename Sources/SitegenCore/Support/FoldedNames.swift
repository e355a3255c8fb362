/// Names as hosts that fold case see them: on macOS and Windows, and in some object stores,
/// `Tour/` is `tour/` and `A.png` is `a.png`, so one of two such names would be served for both.
///
/// Each name claims its folded form; a later name that folds to a claimed form is told who holds
/// it. Swift compares strings by canonical equivalence, so names that differ only in how an accent
/// is written (composed or not) fold together too.
struct FoldedNames {
    /// Each folded form claimed, and the name or path of whoever claimed it.
    private var holders: [String: String] = [:]

    /// The form hosts that fold case see `name` in.
    static func folded(_ name: String) -> String { name.lowercased() }

    /// Whoever claimed `name`'s folded form first; nil when none had, and `holder` now has.
    mutating func claim(_ name: String, for holder: String) -> String? {
        let folded = Self.folded(name)
        if let earlier = holders[folded] { return earlier }
        holders[folded] = holder
        return nil
    }
}
