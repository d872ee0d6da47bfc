import Foundation

/// The rule for a user's templates folder: its templates, catalogs, icons and page files are its own files. A
/// symbolic link inside it may point to another file of the folder, never outside it: a link out would bring any
/// file the process can read (a key, another tenant's template) into documents.
public enum TemplateFolder {
    /// Where `file` leads when it is, or passes through, a symbolic link out of `root` (both resolved); nil when it
    /// stays inside.
    public static func linkLeaving(_ file: URL, root: URL) -> String? {
        let resolvedRoot = root.resolvingSymlinksInPath().standardizedFileURL.path
        let resolved = file.resolvingSymlinksInPath().standardizedFileURL.path
        let base = resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/"
        return resolved.hasPrefix(base) ? nil : resolved
    }
}
