/// Literal syntax for trees, so rule examples and tests read like the property lists they
/// stand for: `["CFBundleIdentifier": "com.example.app", "UIDeviceFamily": [1, 2]]`.
///
/// Dictionary literals keep their order (and duplicate keys, as the model does).
extension PlistNode: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  package init(stringLiteral value: String) { self.init(.string(value)) }
  package init(integerLiteral value: Int) { self.init(.integer(PlistInteger(value))) }
  package init(booleanLiteral value: Bool) { self.init(.boolean(value)) }
  package init(floatLiteral value: Double) { self.init(.real(value)) }
  package init(arrayLiteral elements: PlistNode...) { self.init(.array(elements)) }
  package init(dictionaryLiteral elements: (String, PlistNode)...) {
    self.init(.dictionary(PlistDictionary(elements.map { PlistEntry(key: $0.0, node: $0.1) })))
  }
}
