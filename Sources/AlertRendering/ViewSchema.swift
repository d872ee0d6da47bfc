import Foundation

/// The JSON Schema (draft 2020-12) of the view model: what `--format json` writes and what template formats see.
public enum ViewSchema {
    /// The schema's text, as `alertkit schema --view` prints it.
    public static var text: String {
        guard let url = Bundle.module.url(forResource: "view.schema", withExtension: "json"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            preconditionFailure("AlertKit's view schema is missing from its resources")
        }
        return text
    }
}
