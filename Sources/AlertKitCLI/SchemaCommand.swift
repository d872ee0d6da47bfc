import AlertJSON
import AlertModel
import AlertRendering
import ArgumentParser

/// `alertkit schema`.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the alert contract as a JSON Schema (draft 2020-12), the one the decoder validates against.",
        discussion: "With --view, the view model's schema instead: what --format json writes and templates see."
    )

    @Flag(help: "Print the view model's JSON Schema (the context of template formats).")
    var view = false

    func run() throws {
        try Console.write(Array((view ? ViewSchema.text : JSONSchema.alertSchemaText).utf8))
    }
}
