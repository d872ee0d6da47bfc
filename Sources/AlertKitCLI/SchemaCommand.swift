import AlertModel
import ArgumentParser

/// `alertkit schema`.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the alert contract as a JSON Schema (draft 2020-12), the one the decoder validates against."
    )

    func run() throws {
        try Console.write(Array(JSONSchema.alertSchemaText.utf8))
    }
}
