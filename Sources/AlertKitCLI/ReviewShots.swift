import AlertBatch
import AlertReview
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Screenshots for a review's report: the first example of the first clusters of each changed HTML page and email
/// (its HTML part), before and after, at a phone's and a desktop's width, light and dark, made with headless Chromium when it is installed;
/// with ImageMagick's `compare`, each after-shot's caption says the share of pixels that changed.
///
/// A side's HTML is hostile (a pull request's templates): Chromium loads a copy whose Content-Security-Policy, put
/// before anything the side wrote, allows no script, no fetch and no frame (`HostilePage`); it runs with its sandbox,
/// never `--no-sandbox`, with no network (every host unresolvable, a proxy that goes nowhere) and a profile of its
/// own. As root it runs as an unused user id of its own (setpriv), in a folder only that id and root can use; where that
/// cannot be done, or the sandbox does not start, the screenshots are left out and the note says why (docs/review.md,
/// "Screenshots and hostile HTML").
struct ReviewShots {
    /// Where the browser is, if it is installed.
    let browser: String?
    private let compare: String?
    /// A folder of the review's private scratch folder, for what only this process reads.
    private let scratch: URL

    /// The clusters per row that get screenshots, and the sizes.
    static let clustersPerRow = 2
    static let sizes = [(name: "phone", width: 390, height: 844), (name: "desktop", width: 1280, height: 800)]
    /// How long one screenshot may take.
    static let timeout: TimeInterval = 60

    /// What `take` made: the screenshots, the report's note on them, and why they were left out, if they were.
    struct Outcome {
        var shots: [ReviewScreenshot] = []
        var note: String?
        var leftOut: String?
    }

    /// Screenshots made with the review's scratch folder `scratch` (a folder in the review's private one); the
    /// browser's own folder is a sibling of that one, named after it.
    init(scratch: URL) {
        self.scratch = scratch
        browser = Self.find(["chromium", "chromium-browser", "google-chrome"])
        compare = Self.find(["compare"])
    }

    /// The screenshots of `report`'s changed pages; `records` reads the input again for the examples.
    func take(_ report: ReviewReport, review: Review, records: () -> RecordStream) -> Outcome {
        guard let browser else {
            let reason = "No screenshots: Chromium is not installed (apt-get install chromium)."
            return Outcome(note: reason, leftOut: reason)
        }
        var wanted: [Int: [(row: ReviewReport.Row, cluster: Int)]] = [:]
        for row in report.rows where row.format == "html" || row.format == "email" {
            for (number, cluster) in row.clusters.prefix(Self.clustersPerRow).enumerated() {
                if let example = cluster.examples.first { wanted[example.position, default: []].append((row, number)) }
            }
        }
        guard !wanted.isEmpty, (try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)) != nil else { return Outcome() }
        let session: BrowserSession
        switch BrowserSession.open(browser: browser, scratch: scratch) {
        case .success(let opened): session = opened
        case .failure(let refusal): return Outcome(note: "No screenshots: \(refusal.reason)", leftOut: "No screenshots: \(refusal.reason)")
        }
        defer { session.close() }
        var shots: [ReviewScreenshot] = []
        let stream = records()
        var position = 0
        var started = false
        while let record = stream.next(), position <= wanted.keys.max() ?? -1 {
            defer { position += 1 }
            guard let targets = wanted[position] else { continue }
            for (row, cluster) in targets {
                var documents = review.documents(record.bytes, format: row.format, locale: row.locale)
                if row.format == "email" {  // the message's HTML part, as a mail client shows it
                    documents = (documents.before.flatMap(MailMessage.htmlPart).map { Array($0.utf8) },
                                 documents.after.flatMap(MailMessage.htmlPart).map { Array($0.utf8) })
                }
                var pages: [String: String] = [:]
                for (side, document) in [("before", documents.before), ("after", documents.after)] {
                    pages[side] = document.flatMap { session.place(HostilePage.loadable($0)) }
                }
                for (width, height, size) in Self.sizes.map({ ($0.width, $0.height, $0.name) }) {
                    for dark in [false, true] {
                        let scheme = dark ? "dark" : "light"
                        var pair: [Data] = []
                        for side in ["before", "after"] {
                            guard StopSignals.received == nil else { return Outcome(shots: shots) }
                            guard let page = pages[side] else { continue }
                            let shot = session.screenshot(page, width: width, height: height, dark: dark)
                            if !started, shot.png == nil {  // the first one failed: can the browser run here at all, as it must?
                                let probe = session.place(HostilePage.loadable(Array("<!DOCTYPE html><title>probe</title>".utf8)))
                                let probed = probe.map { session.screenshot($0, width: 200, height: 200, dark: false) }
                                guard probed?.png != nil else {
                                    let reason = "No screenshots: Chromium did not start with its sandbox\(session.asWhom) (\(probed?.why ?? shot.why))."
                                    return Outcome(note: reason, leftOut: reason)
                                }
                            }
                            started = true
                            guard let data = shot.png else { continue }
                            pair.append(data)
                            var caption = "\(side), \(size) (\(width) px), \(scheme)"
                            if side == "after", pair.count == 2, let share = changedShare(pair[0], pair[1], pixels: width * height) {
                                caption += String(format: ", %.1f %% of pixels changed", share * 100)
                            }
                            shots.append(ReviewScreenshot(format: row.format, locale: row.locale, cluster: cluster, caption: caption, png: data))
                        }
                    }
                }
            }
        }
        return Outcome(shots: shots, note: shots.isEmpty ? nil
                       : "Screenshots: the first example of each changed page and email (its HTML part), before and after, "
                       + "taken with no script and no network, in Chromium's sandbox\(session.asWhom).")
    }

    /// The share of pixels that differ between two screenshots, by ImageMagick's `compare -metric AE`, on copies in
    /// the private scratch folder (never on files the browser's user could change).
    private func changedShare(_ a: Data, _ b: Data, pixels: Int) -> Double? {
        guard let compare else { return nil }
        let first = scratch.appendingPathComponent("compare-a.png"), second = scratch.appendingPathComponent("compare-b.png")
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        guard (try? a.write(to: first)) != nil, (try? b.write(to: second)) != nil else { return nil }
        let result = ExternalTool.run(compare, ["-metric", "AE", "png:" + first.path, "png:" + second.path, "null:"])
        let text = result.errors.split(separator: " ").first.map(String.init) ?? ""
        guard let count = Double(text), pixels > 0 else { return nil }
        return min(1, count / Double(pixels))
    }

    /// The first of `names` found on the PATH, then in the `extra` folders.
    static func find(_ names: [String], extra: [String] = []) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            for folder in path.split(separator: ":").map(String.init) + extra where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }
}

/// A side's document made safe to load: what Chromium is given instead of the document as written.
enum HostilePage {
    /// Allows inline styles and `data:` images, nothing else: no script, no fetch of any kind, no frame, no form
    /// target, no `<base>`. What the shipped page allows is a subset.
    static let policy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'"

    /// What goes before the side's markup: the charset (so the bytes are read as the UTF-8 they are, whatever the
    /// side declares later), then the policy.
    static let head = "<meta charset=\"utf-8\"><meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">"

    /// `document` with the policy first: after a leading byte-order mark (dropped) and a doctype (kept, so the page
    /// lays out in standards mode as written; a doctype ends at its first `>` and runs nothing), before anything else
    /// the side wrote, so it holds before any script, frame or image of theirs is parsed. Every `http-equiv` of the
    /// side's is renamed `data-http-equiv`: a refresh is a navigation no policy stops (to the listener, or to a
    /// local file the screenshot would show), and a policy of theirs cannot loosen ours anyway. Bytes that are not
    /// UTF-8 become U+FFFD.
    static func loadable(_ document: [UInt8]) -> [UInt8] {
        var bytes = Array(String(decoding: document, as: UTF8.self).utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        bytes = renamingHTTPEquiv(bytes)
        var start = 0
        while start < bytes.count, [0x09, 0x0A, 0x0C, 0x0D, 0x20].contains(bytes[start]) { start += 1 }
        var insertion = 0
        if matches(bytes, at: start, "<!doctype"), let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) {
            insertion = end + 1
        }
        return Array(bytes[..<insertion]) + Array(head.utf8) + Array(bytes[insertion...])
    }

    /// `bytes` with every `http-equiv`, in any case, as `data-http-equiv`, and every attribute `rel` as `data-rel`
    /// (`<link rel=preconnect>`, `dns-prefetch` and `prerender` reach a host whatever the policy says, and a
    /// `rel=stylesheet` could load nothing the policy allows anyway). An attribute's name is these ASCII letters as
    /// written (no character references in names; a NUL in one becomes U+FFFD), so this finds them all.
    static func renamingHTTPEquiv(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if matches(bytes, at: index, "http-equiv") {
                result += Array("data-http-equiv".utf8)
                index += 10
            } else if isAttribute(bytes, at: index, "rel") {
                result += Array("data-rel".utf8)
                index += 3
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    /// Whether `bytes` has the attribute name `name` at `index`: after white space, `/` or a quote, in any case, and
    /// followed (after white space) by `=`.
    private static func isAttribute(_ bytes: [UInt8], at index: Int, _ name: StaticString) -> Bool {
        guard index > 0, [0x09, 0x0A, 0x0C, 0x0D, 0x20, 0x2F, 0x22, 0x27].contains(bytes[index - 1]),
              matches(bytes, at: index, name) else { return false }
        var next = index + name.utf8CodeUnitCount
        while next < bytes.count, [0x09, 0x0A, 0x0C, 0x0D, 0x20].contains(bytes[next]) { next += 1 }
        return next < bytes.count && bytes[next] == UInt8(ascii: "=")
    }

    /// Whether `bytes` has `text` (lowercase ASCII) at `index`, ignoring ASCII case.
    private static func matches(_ bytes: [UInt8], at index: Int, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { expected in
            (0..<count).allSatisfy { offset in
                let byte = bytes[index + offset]
                return (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == expected[offset]
            }
        }
    }
}

/// Why the screenshots cannot be taken safely here.
struct BrowserRefusal: Error {
    let reason: String
}

/// Headless Chromium for one review: who it runs as, and a folder of its own (0700, that user's) for the pages it
/// loads, the screenshots it writes and its profile. Every file of that folder is opened through the folder's
/// descriptor, never following a link, so a browser that was taken over cannot turn this process's reads or writes
/// elsewhere.
final class BrowserSession {
    private let browser: String
    /// What starts the browser as its user (`setpriv …` as root), empty when it runs as this process's user.
    private let launcher: [String]
    private let user: (uid: uid_t, gid: gid_t)
    /// ` as the unused user id N` when it runs as another user, for the notes.
    let asWhom: String
    /// The browser's folder, its descriptor, and the private file its standard error goes to.
    private let folder: URL
    private let descriptor: Int32
    private let errors: URL
    private var count = 0

    private init(browser: String, launcher: [String], user: (uid: uid_t, gid: gid_t), asWhom: String, folder: URL, descriptor: Int32, errors: URL) {
        self.browser = browser
        self.launcher = launcher
        self.user = user
        self.asWhom = asWhom
        self.folder = folder
        self.descriptor = descriptor
        self.errors = errors
    }

    /// A session for `browser`; its folder is a sibling of `scratch`'s parent (the review's private folder), named
    /// after it, or the same name in /tmp when the browser's user cannot reach the temporary folder or its path is
    /// too long.
    static func open(browser: String, scratch: URL) -> Result<BrowserSession, BrowserRefusal> {
        var launcher: [String] = []
        var user = (uid: geteuid(), gid: getegid())
        var asWhom = ""
        if user.uid == 0 {
            // As root Chromium starts only with --no-sandbox: run it as a user id of its own instead (not nobody,
            // which other programs share: they could read the rendered alerts, or take part in the browser's files).
            guard let id = unusedID() else {
                return .failure(BrowserRefusal(reason: "running as root, and no unused user id was found to run Chromium as with its sandbox"))
            }
            guard let setpriv = ReviewShots.find(["setpriv"], extra: ["/usr/bin", "/bin"]) else {
                return .failure(BrowserRefusal(reason: "running as root, and setpriv (util-linux) is not installed to run Chromium as another user with its sandbox"))
            }
            user = (id, id)
            asWhom = " as the unused user id \(id)"
            launcher = [setpriv, "--reuid=\(id)", "--regid=\(id)", "--clear-groups", "--"]
        }
        // A short name (Chromium's sockets go in it, and a socket's path has at most 107 bytes), made by mkdtemp: a
        // name no one can make first.
        let review = scratch.deletingLastPathComponent()
        let template = "alertkit-browser-XXXXXX"
        func usable(_ parent: URL) -> Bool {
            (launcher.isEmpty || searchableByAll(parent.path))
                && parent.appendingPathComponent(template).path.utf8.count + "/org.chromium.Chromium.XXXXXX/SingletonSocket".count < 108
        }
        guard let parent = [review.deletingLastPathComponent(), URL(fileURLWithPath: "/tmp")].first(where: usable) else {
            return .failure(BrowserRefusal(reason: "no temporary folder \(launcher.isEmpty ? "with a short path" : "every user can reach"), for Chromium's files"))
        }
        var path = Array(parent.appendingPathComponent(template).path.utf8CString)
        guard let made = path.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            return .failure(BrowserRefusal(reason: "a folder for Chromium cannot be made in \(parent.path) (\(String(cString: strerror(errno))))"))
        }
        let folder = URL(fileURLWithPath: String(cString: made))
        let descriptor = Glibc.open(folder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0, fchmod(descriptor, 0o700) == 0, launcher.isEmpty || fchown(descriptor, user.uid, user.gid) == 0 else {
            if descriptor >= 0 { Glibc.close(descriptor) }
            try? FileManager.default.removeItem(at: folder)
            return .failure(BrowserRefusal(reason: "\(folder.path) cannot be given to the browser's user (\(String(cString: strerror(errno))))"))
        }
        return .success(BrowserSession(browser: browser, launcher: launcher, user: user, asWhom: asWhom, folder: folder,
                                       descriptor: descriptor, errors: scratch.appendingPathComponent("chromium-errors.txt")))
    }

    /// Removes the browser's folder. When the browser runs as a user id of its own, every process of that id (a
    /// helper Chromium left behind, or a browser that was taken over) is killed first: none is left to write into
    /// the folder, or to swap a folder of it for a link while it is removed by path (which would have root remove
    /// files elsewhere). Otherwise the removal is tried again for up to a second while the folder is there.
    func close() {
        Glibc.close(descriptor)
        if !launcher.isEmpty, let kill = ReviewShots.find(["kill"], extra: ["/usr/bin", "/bin"]) {
            for _ in 0..<10 {
                quietly(launcher + [kill, "-KILL", "-1"])  // as that id: every process of it, but the kill itself
                guard Self.processes(of: user.uid) == 0 else { usleep(100_000); continue }
                break
            }
        }
        for _ in 0..<10 {
            try? FileManager.default.removeItem(at: folder)
            guard FileManager.default.fileExists(atPath: folder.path) else { return }
            usleep(100_000)
        }
    }

    /// Runs `command` with no input or output, and waits for it.
    private func quietly(_ command: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = ["PATH": "/usr/bin:/bin"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return }
        process.waitUntilExit()
    }

    /// How many processes run as `uid` (their real user id), by /proc.
    static func processes(of uid: uid_t) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { name in
            guard name.allSatisfy(\.isNumber), let status = try? String(contentsOfFile: "/proc/\(name)/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Uid:") }) else { return false }
            return line.split(whereSeparator: { $0 == "\t" || $0 == " " }).dropFirst().first.map(String.init) == String(uid)
        }.count
    }

    /// A user id no account, group and process has, from a random start in 61184–65279 (below nobody's 65534):
    /// the browser's alone for this review.
    private static func unusedID() -> uid_t? {
        let range: ClosedRange<UInt32> = 61_184...65_279
        let start = UInt32.random(in: range)
        for offset in 0..<UInt32(range.count) {
            let id = range.lowerBound + (start - range.lowerBound + offset) % UInt32(range.count)
            if getpwuid(id) == nil, getgrgid(id) == nil, processes(of: id) == 0 { return id }
        }
        return nil
    }

    /// Writes `page` into the browser's folder (readable by its user) and gives its `file://` URL.
    func place(_ page: [UInt8]) -> String? {
        count += 1
        let name = "page-\(count).html"
        let file = openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else { return nil }
        defer { Glibc.close(file) }
        var written = 0
        while written < page.count {
            let result = page[written...].withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return nil }
            written += result
        }
        fchmod(file, 0o644)
        return folder.appendingPathComponent(name).absoluteString
    }

    /// A screenshot of `page` (a URL from `place`), or why there is none.
    func screenshot(_ page: String, width: Int, height: Int, dark: Bool) -> (png: Data?, why: String) {
        count += 1
        let name = "shot-\(count).png"
        let arguments = ["--headless", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
                         "--user-data-dir=\(folder.path)/profile", "--no-first-run", "--no-default-browser-check",
                         "--disable-background-networking", "--disable-component-update", "--disable-default-apps",
                         "--disable-extensions", "--disable-sync", "--disable-breakpad", "--disable-domain-reliability",
                         "--block-new-web-contents", "--dns-prefetch-disable",
                         "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
                         "--window-size=\(width),\(height)", "--screenshot=\(folder.path)/\(name)"]
            + (dark ? ["--force-dark-mode", "--blink-settings=preferredColorScheme=0"] : [])
            + [page]
        let status = run(arguments)
        defer { unlinkat(descriptor, name, 0) }
        if let png = read(name) { return (png, "") }
        let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        let lines = said.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let line = lines.last { $0.localizedCaseInsensitiveContains("sandbox") } ?? lines.last { !$0.contains("dbus") } ?? ""
        let why = status == 0 ? "it wrote no screenshot" : "exit \(status)"
        return (nil, line.isEmpty ? why : "\(why): \(line.prefix(300))")
    }

    /// Runs the browser with `arguments` as its user, with an environment of its own (nothing of this process's but
    /// the PATH and the locale), and waits for it: at most `ReviewShots.timeout`, or until a stop signal.
    private func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        let command = launcher + [browser] + arguments
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let own = ProcessInfo.processInfo.environment
        var environment = ["HOME": folder.path, "TMPDIR": folder.path, "XDG_CONFIG_HOME": folder.path + "/config",
                           "XDG_CACHE_HOME": folder.path + "/cache", "PATH": own["PATH"] ?? "/usr/bin:/bin"]
        for key in ["LANG", "LC_ALL", "TZ"] { environment[key] = own[key] }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try? FileManager.default.removeItem(at: errors)
        guard FileManager.default.createFile(atPath: errors.path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let log = try? FileHandle(forWritingTo: errors) else { return -1 }
        defer { try? log.close() }
        process.standardError = log
        guard (try? process.run()) != nil else { return -1 }
        let deadline = Date().addingTimeInterval(ReviewShots.timeout)
        while process.isRunning {
            if StopSignals.received != nil || Date() > deadline {
                process.terminate()
                break
            }
            usleep(20_000)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The screenshot `name` from the browser's folder: a regular file of the browser's user (not a link, not a
    /// file of someone else's linked in), a PNG, at most 64 MB.
    private func read(_ name: String) -> Data? {
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: file, closeOnDealloc: true)
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == user.uid,
              status.st_size > 8, status.st_size <= 64 << 20,
              let data = try? handle.readToEnd(), data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        return data
    }

    /// Whether every user may search each folder on `path`'s way.
    private static func searchableByAll(_ path: String) -> Bool {
        var prefix = ""
        for component in [""] + path.split(separator: "/").map(String.init) {
            prefix += component.isEmpty ? "/" : (prefix.hasSuffix("/") ? "" : "/") + component
            var status = stat()
            guard stat(prefix, &status) == 0, status.st_mode & S_IXOTH != 0 else { return false }
        }
        return true
    }
}
