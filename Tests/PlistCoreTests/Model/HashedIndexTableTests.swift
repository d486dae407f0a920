import Testing

@testable import PlistCore

struct HashedIndexTableTests {
  /// Strings numbered by their first occurrence, the way the binary writer numbers them.
  private static func number(_ words: [String], hash: (String) -> UInt64) -> [Int] {
    var table = HashedIndexTable()
    var stored: [String] = []
    return words.map { word in
      let found = table.find(orInsert: stored.count, hash: hash(word)) { stored[$0] == word }
      if let found { return found }
      stored.append(word)
      return stored.count - 1
    }
  }

  @Test func equalEntriesGetTheFirstIndexThroughEveryGrowth() {
    let words = (0..<5_000).map { "key-\($0 % 1_700)" }
    let numbers = Self.number(words) { FileFingerprint.hash(Array($0.utf8)) }
    #expect(numbers == (0..<5_000).map { $0 % 1_700 })
  }

  /// Equal hashes do not make entries equal: `isMatch` decides, even when every entry has the
  /// same hash and the table grows many times over one probe chain.
  @Test func collidingHashesStayApartUnlessTheyMatch() {
    let words = (0..<600).map { "w\($0 % 200)" }
    let numbers = Self.number(words) { _ in 42 }
    #expect(numbers == (0..<600).map { $0 % 200 })
    #expect(Set(numbers).count == 200)
  }

  @Test func countsWhatItStores() {
    var table = HashedIndexTable(minimumCapacity: 2)
    for i in 0..<100 {
      #expect(table.find(orInsert: i, hash: UInt64(i) << 32) { _ in true } == nil)
    }
    #expect(table.count == 100)
    #expect(table.find(orInsert: 500, hash: 7 << 32) { $0 == 7 } == 7)
    #expect(table.count == 100)
    // Same hash, not a match: stored as a new entry.
    #expect(table.find(orInsert: 600, hash: 5 << 32) { $0 == 6 } == nil)
    #expect(table.count == 101)
  }
}
