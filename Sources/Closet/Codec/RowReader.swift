import Foundation
import JSON

/// Reads the fields of one imported row, noting a reason for each bad one instead of stopping.
struct RowReader {
    /// The row being read.
    let row: JSON
    /// One text per bad field so far.
    private(set) var reasons: [String] = []

    /// Starts reading `row`.
    init(row: JSON) {
        self.row = row
    }

    /// Notes a bad field.
    mutating func fail(_ reason: String) { reasons.append(reason) }

    private func present(_ key: String) -> JSON? {
        guard let value = row[key], !value.isNull else { return nil }
        return value
    }

    /// A string field within `field`'s length limit; empty is bad when required.
    mutating func text(_ key: String, _ field: ItemField, required: Bool) -> String? {
        guard let value = present(key) else {
            if required { fail("\(key): missing") }
            return nil
        }
        guard let text = value.string, !(required && text.trimmingCharacters(in: .whitespaces).isEmpty) else {
            fail("\(key): expected \(required ? "a non-empty " : "a ")string")
            return nil
        }
        guard (try? field.check(text)) != nil else {
            fail("\(key): at most \(field.maximumLength) characters")
            return nil
        }
        return text
    }

    /// A field holding one of an enum's raw values, case-insensitive.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ key: String, _ type: Choice.Type, required: Bool
    ) -> Choice? where Choice.RawValue == String {
        guard let value = present(key) else {
            if required { fail("\(key): missing") }
            return nil
        }
        guard let text = value.string, let parsed = Choice(rawValue: text.lowercased()) else {
            fail("\(key): expected one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        return parsed
    }

    /// A whole number from 1 to 5.
    mutating func level(_ key: String, required: Bool) -> Int? {
        guard let value = present(key) else {
            if required { fail("\(key): missing") }
            return nil
        }
        guard let number = value.int, (1...5).contains(number) else {
            fail("\(key): expected a whole number from 1 to 5")
            return nil
        }
        return Int(number)
    }

    /// An optional whole number of at least `minimum`.
    mutating func whole(_ key: String, minimum: Int) -> Int? {
        guard let value = present(key) else { return nil }
        guard let number = value.int, number >= minimum, number <= Int64(Int32.max) else {
            fail("\(key): expected a whole number of at least \(minimum)")
            return nil
        }
        return Int(number)
    }

    /// An optional boolean.
    mutating func flag(_ key: String) -> Bool? {
        guard let value = present(key) else { return nil }
        guard let flag = value.bool else {
            fail("\(key): expected true or false")
            return nil
        }
        return flag
    }

    /// An optional price with its optional currency, both checked by `Price`.
    mutating func price() -> Price? {
        let currency = text("currency", .currency, required: false)
        guard let value = present("price") else { return nil }
        guard let number = value.double else {
            fail("price: expected a number from 0 to \(Int(Price.maximum))")
            return nil
        }
        do {
            return try Price(amount: number, currency: currency)
        } catch {
            if case .invalidCurrency = error {
                fail("currency: expected a three-letter code such as EUR")
            } else {
                fail("price: expected a number from 0 to \(Int(Price.maximum))")
            }
            return nil
        }
    }

    /// An optional ISO 8601 date, with or without fractional seconds.
    mutating func date(_ key: String) -> Date? {
        guard let value = present(key) else { return nil }
        if let text = value.string {
            if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
            if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        }
        fail("\(key): expected an ISO 8601 date such as 2025-03-01T09:30:00Z")
        return nil
    }

    /// The required color object with a name and a family.
    mutating func color() -> ItemColor? {
        guard let value = present("color") else {
            fail("color: missing")
            return nil
        }
        guard let name = value["name"]?.string, !name.isEmpty, (try? ItemField.colorName.check(name)) != nil,
              let familyText = value["family"]?.string, let family = ColorFamily(rawValue: familyText.lowercased())
        else {
            let families = ColorFamily.allCases.map(\.rawValue).joined(separator: ", ")
            fail("color: expected {\"name\": text of at most \(ItemField.colorName.maximumLength) characters, \"family\": one of \(families)}")
            return nil
        }
        return ItemColor(name: name, family: family)
    }
}
