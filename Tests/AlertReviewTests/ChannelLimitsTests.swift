import AlertRendering
@testable import AlertReview
import Foundation
import Testing

/// Every channel limit at, below and above its bound.
@Suite("Channel limits")
struct ChannelLimitsTests {
    static func slack(blocks: Int = 3, header: Int = 10, section: Int = 10, button: Int = 10) -> [UInt8] {
        var list: [[String: Any]] = [["type": "header", "text": ["type": "plain_text", "text": String(repeating: "h", count: header)]],
                                     ["type": "section", "text": ["type": "plain_text", "text": String(repeating: "s", count: section)]],
                                     ["type": "actions", "elements": [["type": "button", "text": ["type": "plain_text", "text": String(repeating: "b", count: button)]]]]]
        while list.count < blocks { list.append(["type": "divider"]) }
        return [UInt8](try! JSONSerialization.data(withJSONObject: ["text": "t", "blocks": list]))
    }

    static func rules(_ findings: [LimitFinding]) -> [String] { findings.map(\.rule) }

    @Test("Slack: 50 blocks, 150 characters in a header, 3,000 in a section, 75 in a button label", arguments: [-1, 0, 1])
    func slack(offset: Int) {
        let over = offset > 0
        #expect(Self.rules(ChannelLimits.slack(Self.slack(blocks: 50 + offset))) == (over ? ["slack.blocks"] : []))
        #expect(Self.rules(ChannelLimits.slack(Self.slack(header: 150 + offset))) == (over ? ["slack.header"] : []))
        #expect(Self.rules(ChannelLimits.slack(Self.slack(section: 3000 + offset))) == (over ? ["slack.section"] : []))
        #expect(Self.rules(ChannelLimits.slack(Self.slack(button: 75 + offset))) == (over ? ["slack.button"] : []))
    }

    @Test("SMS: a budget of two parts, 306 GSM-7 characters (an extension character counts twice) or 134 UCS-2, and the character that forced UCS-2", arguments: [-1, 0, 1])
    func sms(offset: Int) {
        let over = offset > 0
        #expect(Self.rules(ChannelLimits.sms(String(repeating: "a", count: 306 + offset))) == (over ? ["sms.cut"] : []))
        #expect(Self.rules(ChannelLimits.sms(String(repeating: "a", count: 304 + offset) + "€")) == (over ? ["sms.cut"] : []))
        #expect(Self.rules(ChannelLimits.sms(String(repeating: "a", count: 160 + offset), segments: 1)) == (over ? ["sms.cut"] : []))
        let ucs2 = ChannelLimits.sms("ß€✓" + String(repeating: "a", count: 131 + offset))
        #expect(Self.rules(ucs2) == (over ? ["sms.cut", "sms.ucs2"] : ["sms.ucs2"]))
        #expect(ucs2.last?.message.contains("\"✓\" U+2713") == true, "\(ucs2)")
        // A typographic quote alone no longer forces UCS-2: it is written plain, and review says so.
        let plain = ChannelLimits.sms("It’s " + String(repeating: "a", count: 301 + offset))
        #expect(Self.rules(plain) == (over ? ["sms.cut", "sms.plain"] : ["sms.plain"]))
        #expect(plain.last?.message.contains("’ as '") == true, "\(plain)")
        let cut = ChannelLimits.sms(String(repeating: "word ", count: 80))
        #expect(cut.first?.message.contains("needs 3 parts (399 GSM-7 characters; its budget is 2, 306)") == true, "\(cut)")
    }

    @Test("SMS parts: 153 GSM-7 or 67 UCS-2 characters each past the first")
    func smsParts() {
        #expect(ChannelLimits.SMSMeasure(String(repeating: "a", count: 306)).parts == 2)
        #expect(ChannelLimits.SMSMeasure(String(repeating: "a", count: 307)).parts == 3)
        #expect(ChannelLimits.SMSMeasure("é" + String(repeating: "a", count: 159)).parts == 1)  // é is GSM-7: 160
        #expect(ChannelLimits.SMSMeasure("é" + String(repeating: "a", count: 160)).parts == 2)
        #expect(ChannelLimits.SMSMeasure("ú" + String(repeating: "a", count: 133)).parts == 2)  // UCS-2: 134 = 2 × 67
        #expect(ChannelLimits.SMSMeasure("ú" + String(repeating: "a", count: 134)).parts == 3)
    }

    @Test("push: FCM takes 4,000 bytes, APNs 4,096", arguments: [-1, 0, 1])
    func push(offset: Int) {
        #expect(Self.rules(ChannelLimits.push([UInt8](repeating: 0x61, count: 4000 + offset))) == (offset > 0 ? ["push.fcm"] : []))
        #expect(Self.rules(ChannelLimits.push([UInt8](repeating: 0x61, count: 4096 + offset))) == (offset > 0 ? ["push.fcm", "push.apns"] : ["push.fcm"]))
    }

    static func message(line: Int = 10, subject: String = "Hello", size: Int = 0) -> [UInt8] {
        var text = "From: a@example.com\r\nSubject: \(subject)\r\n\r\n" + String(repeating: "x", count: line) + "\r\n"
        while size - text.utf8.count > 80 { text += String(repeating: "y", count: 76) + "\r\n" }
        if size - text.utf8.count >= 3 { text += String(repeating: "y", count: size - text.utf8.count - 2) + "\r\n" }
        return Array(text.utf8)
    }

    @Test("email: lines of 998 octets, subjects of 78 characters (encoded words decoded), 102 KB", arguments: [-1, 0, 1])
    func email(offset: Int) {
        let over = offset > 0
        #expect(Self.rules(ChannelLimits.email(Self.message(line: 998 + offset))) == (over ? ["email.line"] : []))
        #expect(Self.rules(ChannelLimits.email(Self.message(subject: String(repeating: "s", count: 78 + offset)))) == (over ? ["email.subject"] : []))
        // 20 + 18 + offset characters of two bytes each, encoded words folded over two lines, a space and 39 more.
        let encoded = "=?utf-8?B?" + Data(String(repeating: "é", count: 20).utf8).base64EncodedString() + "?=\r\n =?utf-8?Q?"
            + String(repeating: "=C3=A9", count: 18 + offset) + "?= " + String(repeating: "z", count: 39)
        #expect(MailMessage.subject(Array("Subject: \(encoded)\r\n\r\n".utf8))?.count == 78 + offset)
        #expect(Self.rules(ChannelLimits.email(Self.message(subject: encoded))) == (over ? ["email.subject"] : []))
        let size = 102_000 + offset
        let message = Self.message(size: size)
        #expect(message.count == size)
        #expect(Self.rules(ChannelLimits.email(message)) == (over ? ["email.size"] : []))
    }

    @Test("the HTML part of a message, decoded from quoted-printable")
    func htmlPart() {
        let message = "Content-Type: multipart/alternative; boundary=\"b1\"\r\n\r\n--b1\r\nContent-Type: text/plain\r\n\r\nhi\r\n--b1\r\n"
            + "Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n<p class=3D\"x\">caf=C3=A9 lo=\r\nng</p>\r\n--b1--\r\n"
        #expect(MailMessage.htmlPart(Array(message.utf8)) == "<p class=\"x\">café long</p>")
    }
}
