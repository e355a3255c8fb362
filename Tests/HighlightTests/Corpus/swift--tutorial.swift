import SwiftUI

/// Step 1: a model the app keeps.
struct Note: Identifiable, Codable, Hashable {
    let id: UUID
    var title: String
    var body: String = ""
    var pinned = false
}

// Step 2: load notes from disk, or start with a sample.
@MainActor final class NoteStore: ObservableObject {
    @Published private(set) var notes: [Note] = []
    private let url = URL.documentsDirectory.appending(path: "notes.json")

    func load() async throws {
        guard FileManager.default.fileExists(atPath: url.path()) else {
            notes = [Note(id: UUID(), title: "Welcome", body: "Swipe to delete.\nTap to edit.")]
            return
        }
        let data = try Data(contentsOf: url)
        notes = try JSONDecoder().decode([Note].self, from: data)
    }

    func save() throws {
        let data = try JSONEncoder().encode(notes)
        try data.write(to: url, options: [.atomic, .completeFileProtection])
    }

    /* Step 3: pinned notes first, then by title. */
    var sorted: [Note] {
        notes.sorted { lhs, rhs in
            if lhs.pinned != rhs.pinned { return lhs.pinned }
            return lhs.title.localizedCompare(rhs.title) == .orderedAscending
        }
    }
}

struct NoteList: View {
    @StateObject private var store = NoteStore()
    @State private var error: Error?

    var body: some View {
        List(store.sorted) { note in
            Text(note.title).font(.headline)
            Text("\(note.body.count) characters, \(0x1F) flags, \(1.5e3) ms")
        }
        .task { do { try await store.load() } catch { self.error = error } }
    }
}
