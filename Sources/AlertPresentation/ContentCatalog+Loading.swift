import AlertJSON
import AlertModel
import AlertTemplates
import Foundation

extension ContentCatalog {
    /// The locales that ship with AlertKit; English is the base every other one falls back to.
    public static let shippedLocales = ["en", "es"]

    /// The English catalog that ships with AlertKit.
    public static let english: ContentCatalog = {
        do { return try shipped(locale: "en") } catch {
            preconditionFailure("AlertKit's English catalog is broken: \(error)")
        }
    }()

    /// Every shipped catalog, read and checked once.
    private static let shippedCatalogs: [String: Result<ContentCatalog, CatalogError>] = {
        var catalogs: [String: Result<ContentCatalog, CatalogError>] = [:]
        for locale in shippedLocales {
            catalogs[locale] = Result { () throws(CatalogError) in
                guard let text = AlertTemplates.text("catalog/\(locale).json") else {
                    throw CatalogError(catalog: locale, message: "the file Templates/catalog/\(locale).json is missing")
                }
                return try load(Data(text.utf8), name: locale, fallback: locale == "en" ? nil : baseText)
            }
        }
        return catalogs
    }()

    static var baseText: Data? { AlertTemplates.text("catalog/en.json").map { Data($0.utf8) } }

    /// A catalog that ships with AlertKit, e.g. `en` or `es`; keys a locale lacks come from English.
    public static func shipped(locale: String) throws(CatalogError) -> ContentCatalog {
        guard let catalog = shippedCatalogs[locale] else {
            throw CatalogError(catalog: locale, message: "no such locale; shipped: \(shippedLocales.joined(separator: ", "))")
        }
        return try catalog.get()
    }

    /// The catalog for `locale` with the overrides of `folders` applied, later folders winning: each folder's
    /// `catalog/LOCALE.json` overrides single keys of the shipped catalog (objects key by key, actions and buttons
    /// by `id`); for a locale AlertKit does not ship, it is a new catalog, and keys it lacks come from English. A
    /// key the shipped catalog does not have, or an empty text, is an error that names it.
    public static func load(locale: String, folders: [URL]) throws(CatalogError) -> ContentCatalog {
        guard isLocaleTag(locale) else {
            throw CatalogError(catalog: locale, message: "not a locale tag (a language code such as en, es or pt-BR: "
                               + "letters, digits and hyphens); a locale names a file of catalog/, never a path")
        }
        let locales = locale == "en" ? ["en"] : [locale, "en"]
        for folder in folders {
            for name in locales {
                let file = folder.appendingPathComponent("catalog/\(name).json")
                if FileManager.default.fileExists(atPath: file.path), let outside = TemplateFolder.linkLeaving(file, root: folder) {
                    throw CatalogError(catalog: file.path, message: "is a link to \(outside), outside the templates folder "
                                       + "\(folder.path); copy the file into the folder instead")
                }
            }
        }
        func files(_ name: String) -> [URL] {
            folders.map { $0.appendingPathComponent("catalog/\(name).json") }.filter { FileManager.default.fileExists(atPath: $0.path) }
        }
        let overlays = files(locale)
        // Another locale takes what the folders' English adds (a new match type, category or label) until it has
        // its own words for it; `templates check` reports each such key.
        let englishOverlays = locale == "en" ? [] : files("en")
        guard !overlays.isEmpty || !englishOverlays.isEmpty else { return try shipped(locale: locale) }
        let shippedText = AlertTemplates.text("catalog/\(locale).json").map { Data($0.utf8) }
        guard let baseData = shippedText ?? baseText else {
            throw CatalogError(catalog: locale, message: "the English catalog is missing")
        }
        do {
            var merged = try JSONSerialization.jsonObject(with: baseData)
            if shippedText != nil, locale != "en", let english = baseText {
                merged = CatalogMerge.merge(merged, over: try JSONSerialization.jsonObject(with: english))
            }
            for overlay in englishOverlays {
                merged = CatalogMerge.merge(CatalogMerge.additions(in: try readOverlay(overlay), comparedWith: merged), over: merged)
            }
            for overlay in overlays {
                let object = try readOverlay(overlay)
                let unknown = CatalogMerge.unknown(in: object, comparedWith: merged, at: "")
                guard unknown.isEmpty else {
                    throw CatalogError(catalog: overlay.path, message: "unknown key\(unknown.count == 1 ? "" : "s") "
                                       + unknown.joined(separator: ", ") + "; the shipped catalog has no such key")
                }
                merged = CatalogMerge.merge(object, over: merged)
            }
            let data = try JSONSerialization.data(withJSONObject: merged)
            let files = englishOverlays + overlays
            do { return try load(data, name: files.last!.path) } catch {
                throw located(error, in: files)
            }
        } catch let error as CatalogError {
            throw error
        } catch {
            throw CatalogError(catalog: locale, message: "\(error)")
        }
    }

    /// A catalog file of a templates folder, read as strictly as an alert (AlertKit's own reader: no trailing
    /// comma, no repeated key, no comment, with the line and column of what is wrong), as the objects the merge
    /// works on.
    static func readOverlay(_ overlay: URL) throws(CatalogError) -> Any {
        let bytes: Data
        do { bytes = try Data(contentsOf: overlay) } catch {
            throw CatalogError(catalog: overlay.path, message: "cannot be read (\(error.localizedDescription))")
        }
        let parsed: JSONValue
        do throws(JSONSyntaxError) { parsed = try JSONParser().parse(bytes) } catch {
            throw CatalogError(catalog: overlay.path, message: "not JSON: " + error.message, line: error.line, column: error.column)
        }
        if let repeated = repeatedKey(in: parsed, at: []) {
            let place = CatalogDiagnostics.position(of: repeated, in: Array(bytes))
            throw CatalogError(catalog: overlay.path, message: "\(CatalogDiagnostics.pointer(repeated)) is written twice in "
                               + "one object; only one can count: remove the other", line: place?.line, column: place?.column,
                               pointer: repeated)
        }
        do { return try JSONSerialization.jsonObject(with: bytes) } catch {
            throw CatalogError(catalog: overlay.path, message: "not JSON: it does not parse")
        }
    }

    /// The path of the first key written twice in one object of `value`.
    private static func repeatedKey(in value: JSONValue, at path: [String]) -> [String]? {
        switch value {
        case .object(let object):
            var seen: Set<String> = []
            for member in object.members where !seen.insert(member.key).inserted { return path + [member.key] }
            for member in object.members {
                if let found = repeatedKey(in: member.value, at: path + [member.key]) { return found }
            }
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = repeatedKey(in: item, at: path + [String(index)]) { return found }
            }
        default: break
        }
        return nil
    }

    /// `error` placed in the last of `overlays` that holds its key, with the line and column of the value there.
    private static func located(_ error: CatalogError, in overlays: [URL]) -> CatalogError {
        guard let path = error.pointer else { return error }
        for overlay in overlays.reversed() {
            guard let bytes = try? Data(contentsOf: overlay), let place = CatalogDiagnostics.position(of: path, in: Array(bytes)) else { continue }
            var located = error
            located.catalog = overlay.path
            located.line = place.line
            located.column = place.column
            return located
        }
        return error
    }

    /// Whether `text` is a locale tag (BCP 47's shape): a language of 2 to 8 letters, then subtags of 1 to 8 letters
    /// or digits, each after a hyphen (`en`, `es-419`, `pt-BR`, `zh-Hant-TW`). Nothing else names a catalog.
    public static func isLocaleTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...8).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// The problems of the catalog overrides in `folder`'s `catalog/`: each file that does not load (an unknown key,
    /// an empty text, not JSON), and, for a locale AlertKit does not ship, every key it lacks.
    public static func problems(inFolder folder: URL) -> [String] {
        let directory = folder.appendingPathComponent("catalog")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var problems: [String] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            let locale = String(name.dropLast(5))
            do { _ = try load(locale: locale, folders: [folder]) } catch {
                problems.append(error.description)
                continue
            }
            guard !shippedLocales.contains(locale), let base = baseText.flatMap({ try? JSONSerialization.jsonObject(with: $0) }),
                  let own = try? JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent(name)))
            else { continue }
            let missing = CatalogMerge.missing(in: own, from: base, at: "")
            if !missing.isEmpty {
                problems.append("catalog \(directory.appendingPathComponent(name).path): a new locale lacks \(missing.count) "
                                + "key\(missing.count == 1 ? "" : "s") (English is used for them): " + missing.joined(separator: ", "))
            }
        }
        return problems
    }

    /// The keys (as JSON pointers) that English has and a shipped locale lacks: what falls back to English.
    /// `/networks` (domain names, the same in every language) is English's alone and is not counted.
    public static func missingKeys(locale: String) -> [String] {
        guard let base = baseText.flatMap({ try? JSONSerialization.jsonObject(with: $0) }),
              let text = AlertTemplates.text("catalog/\(locale).json"),
              let other = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { return ["(unreadable)"] }
        return CatalogMerge.missing(in: other, from: base, at: "").filter { $0 != "/networks" }
    }

    /// Reads and checks a catalog from JSON; keys it lacks are taken from `fallback`, if given.
    public static func load(_ data: Data, name: String, fallback: Data? = nil) throws(CatalogError) -> ContentCatalog {
        let catalog: ContentCatalog
        var merged = data
        do {
            if let fallback {
                let base = try JSONSerialization.jsonObject(with: fallback)
                let overlay = try JSONSerialization.jsonObject(with: data)
                merged = try JSONSerialization.data(withJSONObject: CatalogMerge.merge(overlay, over: base))
            }
            catalog = try JSONDecoder().decode(ContentCatalog.self, from: merged)
        } catch let error as DecodingError {
            let json = try? JSONParser().parse(Array(merged))
            let (path, message) = CatalogDiagnostics.describe(error, in: json)
            throw CatalogError(catalog: name, message: "\(CatalogDiagnostics.pointer(path)): \(message)", pointer: path)
        } catch {
            throw CatalogError(catalog: name, message: "not JSON: \(error.localizedDescription)")
        }
        try catalog.check(name: name)
        return catalog
    }

    /// Checks what code relies on: identifiers safe to use as names, every alert type present,
    /// the help action defined, no empty text.
    func check(name: String) throws(CatalogError) {
        func fail(_ message: String) -> CatalogError { CatalogError(catalog: name, message: message) }
        for action in actions {
            guard Self.isIdentifier(action.id) else { throw fail("action id \"\(action.id)\" is not [a-z0-9-]+") }
            for button in action.popup.buttons where !Self.isIdentifier(button.id) {
                throw fail("button id \"\(button.id)\" is not [a-z0-9-]+")
            }
        }
        guard actions.contains(where: { $0.id == help.action }) else { throw fail("help action \(help.action) is not defined") }
        let blank: (String) -> Bool = { $0.allSatisfy(\.isWhitespace) }
        if blank(help.text) { throw fail("/help/text is empty") }
        for (key, label) in labels where blank(label) { throw fail("/labels/\(key) is empty") }
        for action in actions {
            let popups = [action.popup] + (action.withoutHelpLine.map { [$0] } ?? [])
            let texts = [action.label] + popups.flatMap { [$0.title, $0.message] + $0.buttons.map(\.label) }
            if texts.contains(where: blank) { throw fail("action \(action.id) has an empty text") }
            // The presenter sets these from the deployment's settings; a catalog that holds them is refused.
            if action.link != nil || popups.contains(where: { $0.phone != nil }) {
                throw fail("action \(action.id): link and popup.phone are set by the product's settings, not a catalog")
            }
            // An alternative on a popup that no longer calls the help line (an overlay changed or removed its Call
            // button, and cannot remove the shipped alternative) is never shown (`AlertAction.shown`): no error.
            if let instead = action.withoutHelpLine {
                for button in instead.buttons where !Self.isIdentifier(button.id) {
                    throw fail("button id \"\(button.id)\" is not [a-z0-9-]+")
                }
                if instead.buttons.contains(where: { $0.effect == .callHelpLine }) {
                    throw fail("action \(action.id): withoutHelpLine is shown when there is no help line, so none of its buttons may call it")
                }
            }
        }
        for type in ["cyberAgent", "ssnTrace", "socialMedia"] where alertTypes[type] == nil {
            throw fail("alert type \(type) is missing")
        }
        var topics = Array(matchTypes.values) + Array(socialCategories.values)
        topics += alertTypes.values.map(\.generic)
        var icons = alertTypes.values.map(\.icon)
        for topic in topics {
            icons += [topic.icon] + topic.steps.map(\.icon)
            let texts = [topic.name, topic.title.one, topic.title.other, topic.subtitle.one, topic.subtitle.other]
                + topic.risks + topic.steps.map(\.text)
            if texts.contains(where: { $0.allSatisfy(\.isWhitespace) }) { throw fail("topic \(topic.name) has an empty text") }
            if topic.risks.isEmpty || topic.steps.isEmpty { throw fail("topic \(topic.name) needs risks and steps") }
            let variants = topic.variants.values
            icons += variants.flatMap { ($0.steps ?? []).map(\.icon) }
            for source in topic.sources + variants.flatMap({ $0.sources ?? [] }) {
                if blank(source.title) { throw fail("topic \(topic.name) has a source without a title") }
                guard WebAddress.isLinkable(source.url), source.url.lowercased().hasPrefix("https://") else {
                    throw fail("topic \(topic.name): source \"\(source.url)\" is not an https address")
                }
            }
        }
        try checkMatchData(name: name)
        if let problem = product.problem { throw fail(problem) }
        for (network, domains) in networks where domains.isEmpty || domains.contains(where: { $0.isEmpty || $0.contains("/") }) {
            throw fail("/networks/\(network) needs domain names such as \"example.com\"")
        }
        for icon in icons where !Self.isIdentifier(icon) { throw fail("icon name \"\(icon)\" is not [a-z0-9-]+") }
    }

    /// Whether `text` is an identifier a catalog may hold (action and button ids, icon names): `[a-z0-9-]+`. The
    /// rendering walk relies on it to write such ids as they are (`ViewWalk`).
    package static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }
}
