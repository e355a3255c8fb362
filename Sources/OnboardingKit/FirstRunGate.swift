import Foundation

/// Remembers which flows a user has seen, as native apps do with a first-launch flag.
///
/// A flow counts as seen for one content version: when the flow's content changes, its
/// `contentVersion` changes and the flow shows again. The web runtime keeps the same record in
/// `localStorage`, under the same key, with the same value. Every key it reads or writes starts
/// with `sitegen:`, whatever the manifest says, so a flow can never touch the app's own settings.
public struct FirstRunGate {
    /// The namespace of every key the gate uses.
    public static let keyPrefix = "sitegen:"

    /// The defaults key for a flow's `storage_key`: the key itself when it is in the namespace.
    public static func key(for storageKey: String) -> String {
        storageKey.hasPrefix(keyPrefix) ? storageKey : keyPrefix + storageKey
    }

    private let defaults: UserDefaults

    public init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    /// True when the flow should be shown: it is not `show_once`, or this version is unseen.
    public func shouldShow(_ flow: ManifestFlow) -> Bool {
        !flow.settings.showOnce || !hasSeen(storageKey: flow.settings.storageKey, contentVersion: flow.contentVersion)
    }

    /// True when this version of the flow stored under `storageKey` was finished or skipped.
    public func hasSeen(storageKey: String, contentVersion: String) -> Bool {
        defaults.string(forKey: Self.key(for: storageKey)) == contentVersion
    }

    /// Records that the user finished or skipped the flow.
    public func markSeen(_ flow: ManifestFlow) {
        defaults.set(flow.contentVersion, forKey: Self.key(for: flow.settings.storageKey))
    }

    /// Forgets that the flow was seen, so it shows again (the native form of `?replay`).
    public func reset(_ flow: ManifestFlow) {
        defaults.removeObject(forKey: Self.key(for: flow.settings.storageKey))
    }
}
