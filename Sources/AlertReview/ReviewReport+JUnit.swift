extension ReviewReport {
    /// The review as JUnit XML for CI: one test suite, one test case per format and locale (`format [locale]`,
    /// class `alertkit.review`), failed when `failOn` fails that row, with the row's counts as its output.
    public func junit(failOn: FailOn = .failures) -> String {
        let failing = rows.filter { Self.fails($0, on: failOn) }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"alertkit review\" tests=\"\(rows.count)\" failures=\"\(failing.count)\" errors=\"0\">\n"
        xml += "  <testsuite name=\"\(Self.xml(Self.oneLine(before))) → \(Self.xml(Self.oneLine(after)))\" tests=\"\(rows.count)\" failures=\"\(failing.count)\" "
            + "errors=\"0\" skipped=\"0\">\n"
        for row in rows {
            xml += "    <testcase classname=\"alertkit.review\" name=\"\(Self.xml(Self.oneLine(row.format))) [\(Self.xml(Self.oneLine(row.locale)))]\">\n"
            if Self.fails(row, on: failOn) {
                // One line each: an alert's or a template's line break is folded, so that none starts a line of its own.
                var detail = row.firstFailure.map { "first new failure: \(Self.oneLine($0))\n" } ?? ""
                for findings in row.newFindings {
                    detail += "new limit finding \(Self.oneLine(findings.rule)): \(findings.count) records; "
                        + findings.examples.map { "record \($0.position + 1): \(Self.oneLine($0.message))" }.joined(separator: "; ") + "\n"
                }
                for cluster in row.clusters.prefix(20) {
                    detail += Self.oneLine("\(cluster.count) × \(cluster.change)\(cluster.source.map { " (\($0))" } ?? "")") + "\n"
                }
                xml += "      <failure message=\"\(Self.xml(row.counts))\" type=\"review\">\(Self.xml(detail))</failure>\n"
            }
            xml += "      <system-out>\(Self.xml(row.counts))</system-out>\n"
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    static func fails(_ row: Row, on rule: FailOn) -> Bool {
        switch rule {
        case .failures: row.hasNewFailures
        case .changes: row.hasChanges || row.hasNewFailures
        case .never: false
        }
    }

    /// `text` escaped for XML text and attributes; characters XML 1.0 cannot hold become U+FFFD.
    static func xml(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed = (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }
}
