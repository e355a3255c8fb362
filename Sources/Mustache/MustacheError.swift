/// A template that cannot be parsed, with where the problem is.
package struct MustacheError: Error, Sendable, Equatable {
    package var message: String
    package var location: MustacheLocation
}
