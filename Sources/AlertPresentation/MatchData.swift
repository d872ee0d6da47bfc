import AlertJSON
import AlertModel

extension ContentCatalog {
    /// Where a match type defined in a catalog finds its value in an event's `data`, how the value is masked and which
    /// other `data` members show as labelled fields: what makes a topic of `matchTypes` for a code outside the
    /// contract (`IDLOYALTY`) a known match type, with no Swift. In a catalog file:
    /// `"data": {"value": "loyaltyNumber", "mask": "last-four", "fields": ["program"]}`.
    public struct MatchData: Sendable, Hashable, Codable {
        /// The `data` members that may hold the value, in order: the first one present is shown.
        public var value: [String]
        /// How the value is shown.
        public var mask: Masking.Rule
        /// Other `data` members shown under the value, each labelled by the catalog's `labels` (the member's name when
        /// it has none), in this order; a member the event lacks is left out.
        public var fields: [String]

        /// Creates a description of a match type's data.
        public init(value: [String], mask: Masking.Rule = .lastFour, fields: [String] = []) {
            self.value = value
            self.mask = mask
            self.fields = fields
        }

        private enum CodingKeys: String, CodingKey { case value, mask, fields }

        /// Reads `value` as one member's name or a list of them; `mask` defaults to `last-four`, `fields` to none.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let one = try? container.decode(String.self, forKey: .value) {
                value = [one]
            } else {
                value = try container.decode([String].self, forKey: .value)
            }
            mask = try container.decodeIfPresent(Masking.Rule.self, forKey: .mask) ?? .lastFour
            fields = try container.decodeIfPresent([String].self, forKey: .fields) ?? []
        }

        /// The value of `data` (the first of `value`'s members present, a string or a number), if any.
        public func value(in data: JSONValue?) -> String? {
            for key in value {
                if let found = Self.text(data?[key]) { return found }
            }
            return nil
        }

        /// The fields of `data`: each member of `fields` present, with its text.
        public func fields(in data: JSONValue?) -> [(name: String, value: String)] {
            fields.compactMap { key in Self.text(data?[key]).map { (key, $0) } }
        }

        private static func text(_ value: JSONValue?) -> String? {
            switch value {
            case .string(let text)?: text.isEmpty ? nil : text
            case .number(let number)?: JSONValue.numberText(number)
            default: nil
            }
        }
    }

    /// The codes outside the contract that this catalog defines: match types with `data` (their value is found and
    /// masked as it says) and social categories with words of their own. The decoder accepts them without a
    /// warning (`AlertPipeline`).
    public var definedCodes: Set<String> {
        var codes = Set(matchTypes.filter { $0.value.data != nil && MatchKind(rawValue: $0.key) == nil }.keys)
        codes.formUnion(socialCategories.keys.filter { SocialCategory(rawValue: $0) == nil })
        return codes
    }
}

extension ContentCatalog {
    /// What a catalog's `data` cannot do, each an error with the key it is about: describe a contract match type
    /// (`IDSSN`: where its value is and how it is masked are the contract's), or show a member the contract marks as
    /// sensitive with `"mask": "none"` (a catalog cannot turn masking off; only the deployment's reveal switch does).
    func checkMatchData(name: String) throws(CatalogError) {
        for (code, topic) in matchTypes.sorted(by: { $0.key < $1.key }) {
            guard let data = topic.data else { continue }
            let path = ["matchTypes", code, "data"]
            if MatchKind(rawValue: code) != nil {
                throw CatalogError(catalog: name, message: "\(CatalogDiagnostics.pointer(path)): \(code) is one of the contract's "
                                   + "match types: where its value is and how it is masked are the contract's, and a catalog "
                                   + "cannot change them; remove \"data\"", pointer: path)
            }
            if data.mask == .none, let member = data.value.first(where: { Masking.contractRule(forMember: $0) != nil }) {
                throw CatalogError(catalog: name, message: "\(CatalogDiagnostics.pointer(path + ["mask"])): \"none\" would show "
                                   + "\"\(member)\", which the contract marks as sensitive, in clear; a catalog cannot turn "
                                   + "masking off (only the deployment's reveal switch does): use \"last-four\", \"ssn\" or "
                                   + "\"iban\"", pointer: path + ["mask"])
            }
        }
    }
}
