import Foundation

/// The files under `Templates/` that ship with AlertKit: content catalogs, icons, the page shell and the template
/// formats.
///
/// They are looked for, in order:
/// 1. in the folder `ALERTKIT_RESOURCES` names, if it is set (that folder alone: one without the files is an error,
///    never a silent fallback to others);
/// 2. beside the executable, in `AlertKit_AlertTemplates.resources`: where `swift build` puts them (beside every
///    executable and test bundle it builds, a host package's too) and where the release archive
///    (`scripts/dist.sh`) ships them. The executable's own folder is found through any links to it, so a link to
///    the binary in `/usr/local/bin` finds them beside the binary itself.
///
/// A folder counts when it holds `catalog/en.json`. When none does, ``location`` is an error that names each
/// place looked at; `alertkit` prints it and exits 72 instead of stopping with a crash.
public enum AlertTemplates {
    /// The name of the folder beside the executable.
    public static let bundleName = "AlertKit_AlertTemplates.resources"

    /// The folder that holds `catalog/`, `formats/`, `icons/` and `page/`, or what was looked for where.
    public static let location: Result<URL, MissingResourcesError> = {
        let candidates = candidateFolders()
        for folder in candidates where FileManager.default.fileExists(atPath: folder.appendingPathComponent("catalog/en.json").path) {
            return .success(folder)
        }
        return .failure(MissingResourcesError(searched: candidates.map(\.path)))
    }()

    /// The folder that holds the shipped files; when they are missing, the first place looked at (reading from it
    /// fails, with the error of the file that is not there).
    public static var directory: URL {
        switch location {
        case .success(let folder): folder
        case .failure(let error): URL(fileURLWithPath: error.searched.first ?? bundleName)
        }
    }

    /// The text of a shipped file, e.g. `catalog/en.json`; `nil` if there is none.
    public static func text(_ relativePath: String) -> String? {
        try? String(contentsOf: directory.appendingPathComponent(relativePath), encoding: .utf8)
    }

    private static func candidateFolders() -> [URL] {
        var folders: [URL] = []
        if let named = ProcessInfo.processInfo.environment["ALERTKIT_RESOURCES"], !named.isEmpty {
            return [URL(fileURLWithPath: named)]  // named on purpose: that folder alone, or an error naming it
        }
        for executable in [executablePath(), Bundle.main.executablePath].compactMap({ $0 }) {
            let folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent(bundleName)
            if !folders.contains(folder) { folders.append(folder) }
        }
        return folders
    }

    /// The running executable's path (`/proc/self/exe` on Linux).
    private static func executablePath() -> String? {
        #if os(Linux)
        return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #else
        return Bundle.main.executablePath
        #endif
    }
}

/// AlertKit's shipped files are nowhere to be found (a binary copied without the folder beside it).
public struct MissingResourcesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Every folder looked at, in order.
    public let searched: [String]

    /// What is missing, where it was looked for, and how to fix it.
    public var description: String {
        "AlertKit's shipped templates and catalogs are missing: looked for catalog/en.json in "
            + searched.joined(separator: ", ")
            + ". Keep the folder \(AlertTemplates.bundleName) beside the alertkit binary (the release archive has it"
            + " there), or set ALERTKIT_RESOURCES to a folder that holds catalog/, formats/, icons/ and page/."
    }
}
