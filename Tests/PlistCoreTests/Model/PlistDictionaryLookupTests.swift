import PlistCore
import Testing

/// The key table of large dictionaries answers as the scan of small ones does: the last entry
/// of a repeated key, and what the entries are after every change, in every copy.
@Suite struct PlistDictionaryLookupTests {
  static func entries(_ count: Int) -> [PlistEntry] {
    (0..<count).map {
      PlistEntry(key: "k\($0 % (count - 1))", node: PlistNode(.integer(.init($0))))
    }
  }

  @Test(arguments: [5, 31, 32, 33, 1_000])
  func answersTheLastEntryOfARepeatedKey(count: Int) {
    let dictionary = PlistDictionary(Self.entries(count))
    // k0 is the first key and the last one (count - 1 keys for count entries).
    #expect(dictionary.index(forKey: "k0") == count - 1)
    #expect(dictionary.index(forKey: "k1") == 1)
    #expect(dictionary.index(forKey: "missing") == nil)
    #expect(dictionary["k1"]?.value == PlistNode(.integer(.init(1))).value)
  }

  @Test func followsEveryChangeAndCopiesStayApart() {
    var dictionary = PlistDictionary(Self.entries(100))
    #expect(dictionary.index(forKey: "k5") == 5)  // builds the table
    let copy = dictionary
    dictionary.entries.remove(at: 0)
    #expect(dictionary.index(forKey: "k5") == 4)
    #expect(copy.index(forKey: "k5") == 5)
    dictionary.set("new", PlistNode(.boolean(true)))
    #expect(dictionary.index(forKey: "new") == dictionary.count - 1)
    #expect(copy.index(forKey: "new") == nil)
    dictionary.entries[4].key = "renamed"
    #expect(dictionary.index(forKey: "k5") == nil)
    #expect(dictionary.index(forKey: "renamed") == 4)
    #expect(dictionary == dictionary)
    #expect(copy != dictionary)
  }

  /// Dictionaries around the size where the pairwise comparison gives way to a set.
  @Test(arguments: [0, 1, 2, 15, 16, 17, 40])
  func findsDuplicateKeysAtEverySize(count: Int) {
    let unique = (0..<count).map { PlistEntry(key: "k\($0)", node: PlistNode(.boolean(true))) }
    #expect(!PlistDictionary(unique).hasDuplicateKeys)
    #expect(PlistDictionary(unique).duplicateKeys.isEmpty)
    guard count > 1 else { return }
    // The last key written again at the end: the pair furthest apart.
    var repeated = unique
    repeated.append(PlistEntry(key: "k0", node: PlistNode(.boolean(false))))
    let dictionary = PlistDictionary(repeated)
    #expect(dictionary.hasDuplicateKeys)
    #expect(dictionary.duplicateKeys.map(\.key) == ["k0"])
    #expect(dictionary.duplicateKeys.first?.indices == [0, count])
  }

  /// Keys are bytes, as CoreFoundation compares them: `café` precomposed (NFC) and with a
  /// combining accent (NFD) are two keys, at every size and in the duplicate checks (a hostile
  /// tester's `set` changed the other one and lint called them duplicates).
  @Test(arguments: [2, 40])
  func keysThatDifferOnlyByNormalisationAreTwoKeys(size: Int) {
    let nfc = "caf\u{E9}"
    let nfd = "cafe\u{301}"
    #expect(nfc == nfd)  // Swift's String says they are equal.
    var entries = (0..<size - 2).map { PlistEntry(key: "k\($0)", node: PlistNode(.boolean(true))) }
    entries.append(PlistEntry(key: nfc, node: PlistNode(.string("nfc"))))
    entries.append(PlistEntry(key: nfd, node: PlistNode(.string("nfd"))))
    var dictionary = PlistDictionary(entries)
    #expect(dictionary[nfc]?.value == .string("nfc"))
    #expect(dictionary[nfd]?.value == .string("nfd"))
    #expect(!dictionary.hasDuplicateKeys)
    #expect(dictionary.duplicateKeys.isEmpty)
    dictionary.set(nfc, PlistNode?.none)
    #expect(dictionary[nfc] == nil)
    #expect(dictionary[nfd]?.value == .string("nfd"))
    #expect(dictionary.count == size - 1)
  }
}
