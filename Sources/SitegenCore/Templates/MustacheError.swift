/// A template that cannot be parsed, with where the problem is.
struct MustacheError: Error, Equatable {
    var message: String
    var location: SourceLocation
}
