import Foundation

/// The JSON Schema (draft 2020-12) of the view model: what `--format json` writes and what template formats see.
public enum ViewSchema {
    /// The schema's text, as `alertkit schema --view` prints it.
    /// It is compiled into the library (`embedInCode`), so a binary copied anywhere has it.
    public static var text: String { String(decoding: PackageResources.view_schema_json, as: UTF8.self) }
}
