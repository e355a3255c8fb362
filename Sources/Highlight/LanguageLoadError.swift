/// Why a language definition could not be loaded: the file and GtkSourceView's wording.
package struct LanguageLoadError: Error, Sendable, Equatable {
    package var path: String
    package var message: String
}
