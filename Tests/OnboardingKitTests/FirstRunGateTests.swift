import Foundation
import OnboardingKit
import Testing

@Suite struct FirstRunGateTests {
    /// A private defaults domain per test, so tests neither share nor leave state.
    private func freshDefaults() -> UserDefaults {
        let suite = "sitegen.tests.\(UUID().uuidString)"
        let defaults = UserDefaults(suiteName: suite)!
        defaults.removePersistentDomain(forName: suite)
        return defaults
    }

    @Test func showsUntilSeenThenHides() {
        let gate = FirstRunGate(defaults: freshDefaults())
        let flow = makeFlow()
        #expect(gate.shouldShow(flow))
        gate.markSeen(flow)
        #expect(!gate.shouldShow(flow))
        #expect(gate.hasSeen(storageKey: "test:welcome", contentVersion: flow.contentVersion))
    }

    @Test func aChangedFlowShowsAgain() {
        let gate = FirstRunGate(defaults: freshDefaults())
        gate.markSeen(makeFlow(version: "00000000000000aa"))
        #expect(gate.shouldShow(makeFlow(version: "00000000000000bb")))
        #expect(!gate.shouldShow(makeFlow(version: "00000000000000aa")))
    }

    @Test func flowsThatAreNotShowOnceAlwaysShow() {
        let gate = FirstRunGate(defaults: freshDefaults())
        let flow = makeFlow(showOnce: false)
        gate.markSeen(flow)
        #expect(gate.shouldShow(flow))
    }

    @Test func resetShowsTheFlowAgain() {
        let gate = FirstRunGate(defaults: freshDefaults())
        let flow = makeFlow()
        gate.markSeen(flow)
        gate.reset(flow)
        #expect(gate.shouldShow(flow))
    }
}
