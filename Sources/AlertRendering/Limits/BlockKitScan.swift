import AlertJSON

/// A Slack message's Block Kit measures, read from its JSON in one pass without building it (the check runs on
/// every Slack document a batch renders): how many blocks, and how long each header's, section's and button's text
/// and the message's `text` are, and each block's `block_id` (at most 255: the alert's key), in Unicode scalars (an escape is one; a scalar is never fewer characters than
/// Slack counts). Malformed JSON is read as far as it goes and never past its end.
struct BlockKitScan {
    /// The findings of `bytes`: blocks first, then each block's, in order.
    static func findings(_ bytes: UnsafeBufferPointer<UInt8>) -> [LimitFinding] {
        var scan = BlockKitScan(bytes)
        scan.run()
        return scan.allFindings
    }

    /// The texts (decoded) that are too long for their places in `bytes`: what fitting cuts.
    static func overlongTexts(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var scan = BlockKitScan(bytes)
        scan.run()
        return scan.overlong.compactMap { range in
            (try? JSONParser().parse(Array(bytes[(range.lowerBound - 1)...min(range.upperBound, bytes.count - 1)])))?.stringValue
        }
    }

    private var allFindings: [LimitFinding] {
        var findings = blockFindings
        if blocks > 50 {
            findings.insert(.init(rule: "slack.blocks", message: "\(blocks) blocks, Slack takes at most 50"), at: 0)
        }
        if messageText > 40_000 {
            findings.append(.init(rule: "slack.text", message: "a text of \(messageText) characters, Slack takes at most 40,000"))
        }
        return findings
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    /// The open containers: whether each is an array, and the key it is the value of (`Key`).
    private var frames: [(isArray: Bool, key: Key)] = []
    private var blocks = 0
    private var messageText = 0
    private var blockFindings: [LimitFinding] = []
    /// The block being read: its type, its text's length, its buttons' labels' lengths.
    private var blockType = BlockType.other
    private var blockText = 0, blockTextRange = 0..<0
    private var buttonLabels: [(characters: Int, range: Range<Int>)] = []
    /// Where each text too long for its place is (its content, without the quotes).
    private var overlong: [Range<Int>] = []

    private enum Key: UInt8 { case other, text, type, blocks, elements, blockID }
    private enum BlockType { case other, header, section, actions }

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        frames.reserveCapacity(16)
    }

    private func frame(_ depth: Int) -> (isArray: Bool, key: Key)? { depth >= 0 && depth < frames.count ? frames[depth] : nil }

    /// Whether the container at `depth` (0 is the message) is a block: an object in the message's `blocks` array.
    private func isBlock(_ depth: Int) -> Bool {
        depth == 2 && frames.count > 2 && !frames[2].isArray && frames[1].isArray && frames[1].key == .blocks
    }

    private mutating func run() {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var expectsKey = false
        var key = Key.other
        var index = 0
        while index < count {
            let byte = base[index]
            index &+= 1
            switch byte {  // { [ } ] , : "
            case 0x7B, 0x5B:
                frames.append((byte == 0x5B, key))
                if isBlock(frames.count - 1) { startBlock() }
                expectsKey = byte == 0x7B
                key = .other
            case 0x7D, 0x5D:
                if isBlock(frames.count - 1) { endBlock() }
                if !frames.isEmpty { frames.removeLast() }
                expectsKey = false
            case 0x2C:
                expectsKey = frames.last.map { !$0.isArray } ?? false
                key = .other
            case 0x3A:
                expectsKey = false
            case 0x22:
                let (end, characters) = Self.string(base, count, from: index)
                if expectsKey {
                    key = Self.key(bytes, index, end)
                } else {
                    value(key: key, start: index, end: end, characters: characters)
                    key = .other
                }
                index = end &+ 1
            default:
                break  // white space, a number or a literal: nothing to measure
            }
        }
    }

    /// The string whose content starts at `start`: where it ends (its closing quote, or the end of the bytes) and
    /// how many scalars it holds.
    private static func string(_ base: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> (end: Int, characters: Int) {
        var position = start, characters = 0
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while true {
            // Eight bytes at a time while none is a quote or a backslash: the scalars are the bytes that do not
            // continue one (10xxxxxx).
            while position &+ 8 <= count {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                let quotes = word ^ (ones &* 0x22), backslashes = word ^ (ones &* 0x5C)
                let special = ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & highs
                // The lowest flagged byte is a quote or a backslash (a false flag is only ever above a true one):
                // the bytes before it are text.
                let plain = special == 0 ? 8 : special.trailingZeroBitCount >> 3
                let high = plain == 8 ? word & highs : word & highs & ((1 &<< UInt64(plain &* 8)) &- 1)
                characters &+= high == 0 ? plain : plain &- (high & ~(word << 1)).nonzeroBitCount  // ASCII: each byte
                position &+= plain
                guard special == 0 else { break }
            }
            guard position < count else { break }
            let byte = base[position]
            if byte == 0x22 { break }
            if byte == 0x5C {
                position &+= position &+ 1 < count && base[position &+ 1] == 0x75 ? 6 : 2
                characters &+= 1
                continue
            }
            if byte & 0xC0 != 0x80 { characters &+= 1 }
            position &+= 1
        }
        return (min(position, count), characters)
    }

    /// A string value, measured where its place in the message is one Slack limits.
    private mutating func value(key: Key, start: Int, end: Int, characters: Int) {
        let depth = frames.count - 1
        guard let container = frame(depth), !container.isArray else { return }
        switch (depth, key) {
        case (0, .text):
            messageText = characters
            if characters > 40_000 { overlong.append(start..<end) }
        case (2, .type) where isBlock(2):
            blockType = Self.blockType(bytes, start, end)
        case (2, .blockID) where isBlock(2) && characters > 255:
            blockFindings.append(.init(rule: "slack.block_id", message: "block \(blocks): a block_id of \(characters) characters, Slack takes at most 255"))
        case (3, .text) where isBlock(2) && container.key == .text:
            blockText = characters
            blockTextRange = start..<end
        case (5, .text) where isBlock(2) && container.key == .text && frame(3)?.key == .elements && frame(3)?.isArray == true:
            buttonLabels.append((characters, start..<end))
        default:
            break
        }
    }

    private mutating func startBlock() {
        blocks += 1
        blockType = .other
        blockText = 0
        blockTextRange = 0..<0
        buttonLabels.removeAll(keepingCapacity: true)
    }

    private mutating func endBlock() {
        switch blockType {
        case .header where blockText > 150:
            blockFindings.append(.init(rule: "slack.header", message: "block \(blocks): a header of \(blockText) characters, Slack takes at most 150"))
            overlong.append(blockTextRange)
        case .section where blockText > 3000:
            blockFindings.append(.init(rule: "slack.section", message: "block \(blocks): a section of \(blockText) characters, Slack takes at most 3,000"))
            overlong.append(blockTextRange)
        case .actions:
            for label in buttonLabels where label.characters > 75 {
                blockFindings.append(.init(rule: "slack.button", message: "block \(blocks): a button label of \(label.characters) characters, Slack takes at most 75"))
                overlong.append(label.range)
            }
        default:
            break
        }
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ word: StaticString) -> Bool {
        guard end - start == word.utf8CodeUnitCount else { return false }
        let pointer = word.utf8Start
        for offset in 0..<(end - start) where bytes[start + offset] != pointer[offset] { return false }
        return true
    }

    private static func key(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Key {
        switch end - start {
        case 4: matches(bytes, start, end, "text") ? .text : matches(bytes, start, end, "type") ? .type : .other
        case 6: matches(bytes, start, end, "blocks") ? .blocks : .other
        case 8: matches(bytes, start, end, "elements") ? .elements : matches(bytes, start, end, "block_id") ? .blockID : .other
        default: .other
        }
    }

    private static func blockType(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> BlockType {
        guard end - start == 6 || end - start == 7 else { return .other }
        if matches(bytes, start, end, "header") { return .header }
        if matches(bytes, start, end, "section") { return .section }
        if matches(bytes, start, end, "actions") { return .actions }
        return .other
    }
}
