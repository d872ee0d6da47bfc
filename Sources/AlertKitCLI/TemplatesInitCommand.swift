import AlertPresentation
import ArgumentParser
import Foundation

extension TemplatesCommand {
    /// `templates init DIR`: a templates folder to start from, which changes nothing until it is edited.
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a templates folder to start from: a README, an empty catalog overlay, one example format, samples/.",
            discussion: """
            The folder renders exactly as the shipped templates do until you edit it: catalog/en.json and \
            catalog/es.json are empty overlays (a copy of the shipped catalog would pin every shipped sentence, \
            and you would never get their fixes), formats/brief.txt.mustache is one example format of your own, \
            and samples/ holds an alert that `alertkit review --after DIR` and `templates check --sample` use. \
            DIR must not exist, or be an empty folder.
            """
        )

        @Argument(help: "The folder to make.")
        var folder: String

        func run() throws {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? ["?"]
                guard isDirectory.boolValue, entries.isEmpty else {
                    throw Diagnostics.fail("\(folder): already exists and is not an empty folder; templates init makes a new one",
                                           code: ExitCodes.usage)
                }
            }
            let root = URL(fileURLWithPath: folder)
            var files: [(String, String)] = [
                ("README.md", Self.readme(folder)),
                ("formats/brief.txt.mustache", Self.brief),
            ]
            for locale in ContentCatalog.shippedLocales { files.append(("catalog/\(locale).json", "{}\n")) }
            if let sample = ReviewCommand.shippedSamples()?.appendingPathComponent("email-alert.json"),
               let text = try? String(contentsOf: sample, encoding: .utf8) {
                files.append(("samples/email-alert.json", text))
            }
            do {
                for (name, text) in files {
                    let url = root.appendingPathComponent(name)
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(text.utf8).write(to: url, options: .withoutOverwriting)
                }
            } catch {
                throw Diagnostics.fail("\(folder): cannot be made (\(error.localizedDescription))", code: ExitCodes.cannotCreate)
            }
            try Console.line("""
                templates: made \(folder) (\(files.map(\.0).joined(separator: ", "))). Next:
                  alertkit render \(folder)/samples/email-alert.json -f brief --templates \(folder)
                  alertkit templates check --templates \(folder) --sample \(folder)/samples
                  alertkit review --after \(folder)
                """)
        }

        /// One format of the folder's own, as an example of what a template is: plain text, escaped as text.
        static let brief = """
            {{! alertkit: escape=text }}
            {{! An example format: `alertkit render ALERT -f brief --templates DIR`. Every name is the view model's \
            (`alertkit schema --view`); `alertkit templates check` names any that is not. Rename or delete this file freely. }}
            {{title}}
            {{#details}}
            - {{value}}
            {{/details}}
            {{nextSteps.title}}:
            {{#nextSteps.items}}
            - {{text}}
            {{/nextSteps.items}}

            """

        static func readme(_ folder: String) -> String {
            """
            # AlertKit templates

            This folder changes nothing until you edit it: AlertKit renders with its shipped templates and words, and
            this folder's files over them.

            - `catalog/en.json`, `catalog/es.json`: your words, over the shipped catalog. Each is `{}`, an overlay that
              changes nothing. Set only what you change, e.g. `{"matchTypes": {"IDEMAILADDR": {"title": "…"}}}`; every
              other sentence stays the shipped one and gets its fixes (docs/catalog.md lists the keys).
            - `formats/NAME.EXT.mustache`: a format of your own (`brief.txt.mustache` is an example). A file named
              like a shipped format (`formats/slack.json.mustache`) replaces it. The first line says how values are
              escaped: `{{! alertkit: escape=text }}` (also html, json, slack, markdown).
            - `page/theme.json`: the page's colours and type, key by key.
            - `samples/`: alerts that `alertkit review --after \(folder)` and `templates check --sample` render.

            Check it: `alertkit templates check --templates \(folder) --sample \(folder)/samples`.
            See what changed for a reader: `alertkit review --after \(folder) --report report/`.

            """
        }
    }
}
