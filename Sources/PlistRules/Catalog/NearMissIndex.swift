/// The catalog keys a misspelling is looked for among, prepared once per parent dictionary so
/// that each unknown key costs a few lookups and a bounded comparison with the few catalog keys
/// of about its length, whatever the size of the document (issue 13, item 3).
///
/// The catalog is fixed, so the index is an immutable table built on first use.
struct NearMissIndex: Sendable {
  /// One catalog key as the comparisons read it.
  struct Candidate: Sendable {
    /// Its position in `KnownKeys.all`, which breaks ties in table order.
    var order: Int
    /// The key's UTF-8 bytes.
    var bytes: [UInt8]
    /// The same, lower-cased (ASCII letters only).
    var lowered: [UInt8]
    /// Where each of its words starts, in bytes (`CFBundleDisplayName`: 0, 2, 8, 15).
    var wordStarts: [Int]
    /// The length of its vendor prefix (`vendorPrefix`).
    var prefix: Int
    /// Which bytes occur in it, folded to 64 bits (`mask`).
    var mask: UInt64
  }

  /// The candidates of one parent dictionary.
  struct Parent: Sendable {
    /// Lower-cased key → the first entry in table order (`UIRequiresFullscreen`).
    var byLoweredKey: [String: Int] = [:]
    /// A key written twice in a row → its entry (`LSTypeIsPackageLSTypeIsPackage`).
    var byDoubledKey: [String: Int] = [:]
    /// Keys of 8 bytes or more, by length, for the edit-distance comparison.
    var byLength: [Int: [Candidate]] = [:]
    /// Keys of 8 bytes or more, sorted by their lower-cased bytes, for the comparison of a key
    /// with one word replaced (a range of them shares the key's first bytes).
    var sorted: [Candidate] = []

    /// Adds a catalog key (the first one wins each lookup); `compared` puts it in the tables
    /// of the edit-distance and word comparisons too (`sorted` is sorted afterwards).
    mutating func add(_ candidate: Candidate, key: String, lowered: String, compared: Bool) {
      if byLoweredKey[lowered] == nil { byLoweredKey[lowered] = candidate.order }
      if byDoubledKey[key + key] == nil { byDoubledKey[key + key] = candidate.order }
      if compared {
        byLength[candidate.bytes.count, default: []].append(candidate)
        sorted.append(candidate)
      }
    }
  }

  /// The parents, by catalog container (`""`: the root).
  var parents: [String: Parent]

  /// The index of the whole catalog.
  static let shared = NearMissIndex(KnownKeys.all)

  /// The shortest key compared by edit distance or word, in bytes.
  static let minimumLength = 8

  /// Builds the index of `entries`.
  ///
  /// Each parent's tables are changed in place (`parents[parent, default:]`): taking a table
  /// out, changing it and putting it back copied its dictionaries for every key, which made
  /// this index most of the cost of a first lint.
  init(_ entries: [KnownKey]) {
    var parents: [String: Parent] = [:]
    for (order, entry) in entries.enumerated() {
      let bytes = Array(entry.key.utf8)
      let candidate = Candidate(
        order: order, bytes: bytes, lowered: bytes.map(Self.lower),
        wordStarts: Self.wordStarts(bytes), prefix: Self.vendorPrefix(bytes),
        mask: Self.mask(bytes))
      let lowered = entry.key.lowercased()
      for parent in entry.within {
        parents[parent, default: Parent()].add(
          candidate, key: entry.key, lowered: lowered,
          compared: bytes.count >= Self.minimumLength)
      }
    }
    for name in Array(parents.keys) {
      parents[name]?.sorted.sort { $0.lowered.lexicographicallyPrecedes($1.lowered) }
    }
    self.parents = parents
  }

  /// The position in `KnownKeys.all` of the catalog key `base` most likely misspells, among
  /// the keys that may appear in `parent`'s dictionary, or nil.
  ///
  /// In order: the same key in another case; a key written twice; for keys of 8 bytes or
  /// more, the closest key within two edits (restricted Damerau-Levenshtein, ties in table
  /// order); then a key with one word replaced whose other words the key repeats with a case
  /// error (`CFBundledisplayTitle` for `CFBundleDisplayName`). A candidate whose vendor prefix
  /// differs (`FBPlatformVersion` is Facebook's key, not a misspelling of `DTPlatformVersion`)
  /// is not compared by distance or word.
  ///
  /// - Parameters:
  ///   - base: the key without its device suffix.
  ///   - parent: the catalog container of the dictionary holding it (`""`: the root).
  /// - Returns: the entry's position in `KnownKeys.all`.
  func nearMiss(_ base: String, within parent: String) -> Int? {
    guard let table = parents[parent] else { return nil }
    if let order = table.byLoweredKey[base.lowercased()] { return order }
    if let order = table.byDoubledKey[base] { return order }
    let bytes = Array(base.utf8)
    guard bytes.count >= Self.minimumLength else { return nil }
    let prefix = Self.vendorPrefix(bytes)
    let mask = Self.mask(bytes)
    var best: (order: Int, distance: Int)?
    var scratch = DistanceScratch(capacity: bytes.count + 3)
    for length in (bytes.count - 2)...(bytes.count + 2) {
      // Each edit adds or removes at most one byte value, so two edits change at most four
      // bits of the mask: a cheap test that sets most candidates aside.
      for candidate in table.byLength[length] ?? []
      where (mask ^ candidate.mask).nonzeroBitCount <= 4
        && !Self.prefixesDiffer(bytes, prefix, candidate)
      {
        let distance = scratch.distance(bytes, candidate.bytes, limit: 2)
        guard distance <= 2 else { continue }
        if let current = best,
          (current.distance, current.order) <= (distance, candidate.order)
        {
          continue
        }
        best = (candidate.order, distance)
      }
    }
    if let best { return best.order }
    return replacedWord(bytes, prefix, in: table)
  }

  /// The candidate `bytes` repeats word for word, with a case error, except for one replaced
  /// word; nil when none or more than one does.
  private func replacedWord(_ bytes: [UInt8], _ prefix: Int, in table: Parent) -> Int? {
    let lowered = bytes.map(Self.lower)
    let head = Array(lowered.prefix(Self.minimumLength))
    // The candidates sharing the first eight bytes (any case) form one run of `sorted`.
    var low = 0
    var high = table.sorted.count
    while low < high {
      let middle = (low + high) / 2
      if table.sorted[middle].lowered.lexicographicallyPrecedes(head) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    var found: Int?
    var index = low
    while index < table.sorted.count, table.sorted[index].lowered.starts(with: head) {
      let candidate = table.sorted[index]
      index += 1
      guard !Self.prefixesDiffer(bytes, prefix, candidate),
        Self.replacesOneWord(bytes, lowered, candidate)
      else { continue }
      if found != nil { return nil }  // two keys fit: no certain guess
      found = candidate.order
    }
    return found
  }

  /// True when `key` is `candidate` with one of its words (not the first) replaced by other
  /// letters, the rest spelt the same but for case, and at least one case error among them.
  private static func replacesOneWord(
    _ key: [UInt8], _ lowered: [UInt8], _ candidate: Candidate
  ) -> Bool {
    let other = candidate.lowered
    guard candidate.wordStarts.count >= 3 else { return false }
    var common = 0
    while common < min(lowered.count, other.count), lowered[common] == other[common] {
      common += 1
    }
    var tail = 0
    while tail < min(lowered.count, other.count) - common,
      lowered[lowered.count - 1 - tail] == other[other.count - 1 - tail]
    {
      tail += 1
    }
    // The candidate's part the key does not repeat must lie inside one word, after the first.
    let start = common
    let end = other.count - tail
    guard start < end, let word = candidate.wordStarts.lastIndex(where: { $0 <= start }),
      word >= 1
    else { return false }
    let wordEnd =
      word + 1 < candidate.wordStarts.count ? candidate.wordStarts[word + 1] : other.count
    guard end <= wordEnd else { return false }
    // The key's replacement is letters only, and what both share covers the rest.
    let replacement = key[start..<(key.count - tail)]
    guard !replacement.isEmpty, replacement.count <= 24,
      replacement.allSatisfy({ isLetter($0) }), common + tail >= 12
    else { return false }
    // A case error in the shared part: Apple's keys never differ from each other so.
    let sharedKey = key[0..<common] + key[(key.count - tail)...]
    let sharedCandidate =
      candidate.bytes[0..<common] + candidate.bytes[(candidate.bytes.count - tail)...]
    return !sharedKey.elementsEqual(sharedCandidate)
  }

  /// The length of a key's vendor prefix in bytes: the capitals before its first word
  /// (`CF` in `CFBundleName`, `FB` in `FBPlatformVersion`, `ITS` in `ITSAppUsesNonExempt…`),
  /// or the first two components of a reverse-DNS key (`com.apple`); 0 when it has none.
  static func vendorPrefix(_ bytes: [UInt8]) -> Int {
    if let first = bytes.firstIndex(of: UInt8(ascii: ".")),
      let second = bytes[(first + 1)...].firstIndex(of: UInt8(ascii: "."))
    {
      return second
    }
    var capitals = 0
    while capitals < bytes.count, isUpper(bytes[capitals]) { capitals += 1 }
    if capitals < bytes.count, isLower(bytes[capitals]) { capitals -= 1 }
    return capitals >= 2 ? capitals : 0
  }

  /// True when `key` (whose vendor prefix is `prefix` bytes long) and `candidate` have
  /// different vendor prefixes: neither starts with the other's, ignoring case.
  static func prefixesDiffer(_ key: [UInt8], _ prefix: Int, _ other: Candidate) -> Bool {
    let theirs = other.prefix
    let candidate = other.bytes
    guard prefix > 0, theirs > 0 else { return false }
    func starts(_ text: [UInt8], with head: ArraySlice<UInt8>) -> Bool {
      text.count >= head.count && zip(text, head).allSatisfy { lower($0) == lower($1) }
    }
    return !starts(key, with: candidate[..<theirs]) && !starts(candidate, with: key[..<prefix])
  }

  /// Where each word of a key starts: at 0, at a capital after a lower-case letter or digit, at
  /// the last capital of a run followed by a lower-case letter, and after `.`, `-` or `_`.
  static func wordStarts(_ bytes: [UInt8]) -> [Int] {
    var starts = bytes.isEmpty ? [] : [0]
    for index in bytes.indices.dropFirst() {
      let byte = bytes[index]
      let before = bytes[index - 1]
      let separator =
        before == UInt8(ascii: ".") || before == UInt8(ascii: "-")
        || before == UInt8(ascii: "_")
      let camel =
        isUpper(byte)
        && (isLower(before) || isDigit(before)
          || (isUpper(before) && index + 1 < bytes.count && isLower(bytes[index + 1])))
      if separator || camel { starts.append(index) }
    }
    return starts
  }

  /// A 64-bit set of the byte values in `bytes` (each value folded onto bit `value % 64`).
  static func mask(_ bytes: [UInt8]) -> UInt64 {
    var mask: UInt64 = 0
    for byte in bytes { mask |= 1 << UInt64(byte & 63) }
    return mask
  }

  static func lower(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte + 32 : byte }
  static func isUpper(_ byte: UInt8) -> Bool { byte >= 65 && byte <= 90 }
  static func isLower(_ byte: UInt8) -> Bool { byte >= 97 && byte <= 122 }
  static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
  static func isLetter(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) }
}

/// Rows for the bounded edit distance, allocated once per lookup and reused for each
/// candidate.
struct DistanceScratch {
  private var previous2: [Int]
  private var previous: [Int]
  private var current: [Int]

  /// Rows for keys of up to `capacity - 1` bytes (they grow when a longer one comes).
  init(capacity: Int) {
    previous2 = Array(repeating: 0, count: capacity)
    previous = previous2
    current = previous2
  }

  /// The optimal-string-alignment (restricted Damerau-Levenshtein) distance between `a` and
  /// `b`, or `limit + 1` when it exceeds `limit`.
  ///
  /// Only the cells within `limit` of the diagonal are computed (a band of `2 × limit + 1`),
  /// and the comparison stops as soon as a whole row exceeds `limit`: O(`limit` × length).
  mutating func distance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
    let beyond = limit + 1
    if abs(a.count - b.count) > limit { return beyond }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    let width = b.count + 1
    if previous.count < width {
      previous2 = Array(repeating: 0, count: width)
      previous = previous2
      current = previous2
    }
    for j in 0..<width { previous[j] = j <= limit ? j : beyond }
    for i in 1...a.count {
      let low = max(1, i - limit)
      let high = min(b.count, i + limit)
      current[0] = i <= limit ? i : beyond
      if low > 1 { current[low - 1] = beyond }
      var rowMinimum = current[0]
      if low <= high {
        for j in low...high {
          let cost = a[i - 1] == b[j - 1] ? 0 : 1
          // Cells outside the band hold `beyond`, so they never win.
          var value = min(previous[j - 1] + cost, previous[j] + 1, current[j - 1] + 1)
          if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
            value = min(value, previous2[j - 2] + 1)
          }
          current[j] = min(value, beyond)
          rowMinimum = min(rowMinimum, current[j])
        }
      }
      if high < b.count { current[high + 1] = beyond }
      if rowMinimum > limit { return beyond }
      swap(&previous2, &previous)
      swap(&previous, &current)
    }
    return min(previous[b.count], beyond)
  }
}
