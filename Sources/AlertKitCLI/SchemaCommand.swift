import AlertJSON
import AlertModel
import AlertPresentation
import AlertRendering
import ArgumentParser

/// `alertkit schema`.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the alert contract as a JSON Schema (draft 2020-12), the one the decoder validates against.",
        discussion: "With --view, the view model's schema instead: what --format json writes and templates see. With --catalog, a catalog file's (docs/catalog.md)."
    )

    @Flag(help: "Print the view model's JSON Schema (the context of template formats).")
    var view = false

    @Flag(help: "Print the JSON Schema of a catalog file (catalog/LOCALE.json).")
    var catalog = false

    func validate() throws {
        if view && catalog { throw ValidationError("--view and --catalog: one schema at a time") }
    }

    func run() throws {
        let text = view ? ViewSchema.text : catalog ? ContentCatalog.schemaText : JSONSchema.alertSchemaText
        try Console.write(Array(text.utf8))
    }
}
