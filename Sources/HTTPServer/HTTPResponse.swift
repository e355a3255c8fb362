/// A response: status, headers, and a body of bytes or a stream of events.
package struct HTTPResponse: Sendable {
    package enum Body: Sendable {
        case bytes(HTTPBytes)
        /// Server-Sent Events: the connection stays open and gets what is sent to the stream.
        case events(EventStream)
    }

    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: Body

    package init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes(.empty)) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the header `name` (compared without regard to case), if the response has one.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// Bytes that many responses send at once without copying them: they are copied once into memory
/// of their own, which lives until the last response using them is done.
package final class HTTPBytes: Sendable {
    package static let empty = HTTPBytes([])

    // Written once, in `init`, and only read after: safe to share.
    private nonisolated(unsafe) let storage: UnsafeMutableRawBufferPointer

    package init(_ bytes: [UInt8]) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress, let destination = storage.baseAddress {
                destination.copyMemory(from: base, byteCount: source.count)
            }
        }
        self.storage = storage
        count = bytes.count
    }

    package let count: Int

    /// The bytes, copied.
    package var array: [UInt8] { Array(UnsafeRawBufferPointer(rebasing: storage[..<count])) }

    var baseAddress: UnsafeMutableRawPointer? { storage.baseAddress }

    deinit { storage.deallocate() }
}
