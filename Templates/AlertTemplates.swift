import Foundation

/// The files under `Templates/` that ship with AlertKit: content catalogs, icons and the page shell.
public enum AlertTemplates {
    /// The folder that holds `catalog/`, `icons/` and `page/`.
    public static var directory: URL {
        Bundle.module.resourceURL ?? Bundle.module.bundleURL
    }

    /// The text of a shipped file, e.g. `catalog/en.json`; `nil` if there is none.
    public static func text(_ relativePath: String) -> String? {
        try? String(contentsOf: directory.appendingPathComponent(relativePath), encoding: .utf8)
    }
}
