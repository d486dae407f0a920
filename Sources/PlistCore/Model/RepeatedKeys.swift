/// A key a dictionary holds more than once: where the dictionary is, the key, and how many
/// times it appears.
package struct RepeatedKey: Sendable {
  /// The dictionary's key path, whole up to 64 steps; for a deeper dictionary, its first 16
  /// and last 16 steps, `elidedLevels` apart (a crafted file can nest 100,000 dictionaries that
  /// each repeat a key, and their whole paths would take memory with the square of the depth).
  package var path: KeyPath
  /// The steps left out of `path` between its first and last 16; 0 when it is whole.
  package var elidedLevels: Int
  /// The key.
  package var key: String
  /// How many entries have it.
  package var count: Int

  /// The dictionary's key path as a message writes it: what `KeyPath.abbreviated` gives for
  /// the whole path.
  package var pathText: String {
    guard elidedLevels > 0 else { return path.description }
    return KeyPath.abbreviated(
      head: path.components.prefix(KeyPath.abbreviationEnd),
      elided: elidedLevels, tail: path.components.suffix(KeyPath.abbreviationEnd))
  }

  /// The key repeated in the dictionary whose key path has `steps` steps, of which `visible`
  /// are given: all of them, or the first and last `KeyPath.abbreviationEnd` of a path longer
  /// than `KeyPath.abbreviationLimit`.
  init(steps: Int, visible: [KeyPath.Component], key: String, count: Int) {
    path = KeyPath(visible)
    elidedLevels = steps - visible.count
    self.key = key
    self.count = count
  }

  /// The indices of the steps a path of `count` steps keeps: all of them up to
  /// `KeyPath.abbreviationLimit`, otherwise the first and last `KeyPath.abbreviationEnd`.
  static func keptSteps(of count: Int) -> [Int] {
    guard count > KeyPath.abbreviationLimit else { return Array(0..<count) }
    let end = KeyPath.abbreviationEnd
    return Array(0..<end) + Array((count - end)..<count)
  }
}

/// An event sink in front of another that finds, as the events pass, every key a dictionary
/// holds more than once: what `convert` warns of, found without a tree or a second walk.
///
/// Keys are compared as their UTF-8 bytes, as `PlistDictionary` compares them. Each open
/// dictionary keeps a 64-bit hash per key (a set of them once it has more than 16), so a
/// document without repeats costs one hash per key; only a dictionary in which a hash repeats
/// has its keys compared byte for byte when it closes. The keys of closed dictionaries are let
/// go, so the memory is that of the open dictionaries' keys.
package struct RepeatedKeyTracking<Inner: PlistEventSink>: PlistEventSink {
  /// One repeated key.
  package typealias Repeat = RepeatedKey

  /// Where a key's bytes are kept: in the reader's text, or in `spill`.
  private struct Key {
    let hash: UInt64
    let start: Int
    let count: Int
    let inSource: Bool
  }

  /// An open container.
  private struct Frame {
    let isDictionary: Bool
    /// Its place in document order among the dictionaries, so that reports come out in the
    /// order a walk of the tree visits them.
    let serial: Int
    /// Where its keys start in `keys`, and their bytes in `spill`.
    let firstKey: Int
    let firstSpill: Int
    /// The hashes of its keys, once it holds more than 16.
    var hashes: HashedIndexTable?
    /// Whether a key's hash came twice.
    var mayRepeat = false
    /// Children begun so far (for an array, the next item's index).
    var children = 0
  }

  /// The sink the events go on to.
  package var inner: Inner
  private let source: UnsafeBufferPointer<UInt8>
  private var keys: [Key] = []
  private var spill: [UInt8] = []
  private var frames: [Frame] = []
  private var dictionaries = 0
  private var found: [(serial: Int, repeat: Repeat)] = []

  /// Tracks the events of a reader of `source` on their way to `inner`.
  package init(_ inner: Inner, source: UnsafeBufferPointer<UInt8>) {
    self.inner = inner
    self.source = source
  }

  /// Every repeated key found, dictionaries in document order (a dictionary before those
  /// inside it), each dictionary's keys in the order they first appear.
  package var repeats: [Repeat] {
    found.enumerated().sorted { ($0.element.serial, $0.offset) < ($1.element.serial, $1.offset) }
      .map(\.element.repeat)
  }

  /// Counts a child of the innermost container.
  private mutating func child() {
    if !frames.isEmpty { frames[frames.count - 1].children += 1 }
  }

  package mutating func begin(_ kind: PlistKind) throws(PlistError) {
    child()
    let isDictionary = kind == .dictionary
    frames.append(
      Frame(
        isDictionary: isDictionary, serial: dictionaries, firstKey: keys.count,
        firstSpill: spill.count))
    if isDictionary { dictionaries += 1 }
    try inner.begin(kind)
  }

  package mutating func end(at location: SourceLocation) throws(PlistError) {
    if let frame = frames.last, frame.isDictionary, frame.mayRepeat {
      report(frame)
    }
    let frame = frames.removeLast()
    keys.removeSubrange(frame.firstKey...)
    spill.removeSubrange(frame.firstSpill...)
    try inner.end(at: location)
  }

  package mutating func key(
    _ text: PlistEventText, at location: SourceLocation
  ) throws(PlistError)
    -> Bool
  {
    guard try inner.key(text, at: location) else { return false }
    let top = frames.count - 1
    let hash = FileFingerprint.hash(text.bytes)
    let key: Key
    if let start = text.sourceStart {
      key = Key(hash: hash, start: start, count: text.bytes.count, inSource: true)
    } else {
      key = Key(hash: hash, start: spill.count, count: text.bytes.count, inSource: false)
      spill.append(contentsOf: text.bytes)
    }
    if !frames[top].mayRepeat {
      if frames[top].hashes != nil {
        if frames[top].hashes?.find(orInsert: 0, hash: hash, isMatch: { _ in true }) != nil {
          frames[top].mayRepeat = true
        }
      } else {
        for i in frames[top].firstKey..<keys.count where keys[i].hash == hash {
          frames[top].mayRepeat = true
          break
        }
        if keys.count - frames[top].firstKey >= 16 {
          var hashes = HashedIndexTable(minimumCapacity: 64)
          for key in keys[frames[top].firstKey...] {
            _ = hashes.find(orInsert: 0, hash: key.hash) { _ in true }
          }
          _ = hashes.find(orInsert: 0, hash: hash) { _ in true }
          frames[top].hashes = hashes
        }
      }
    }
    keys.append(key)
    return true
  }

  package mutating func string(
    _ text: PlistEventText, at location: SourceLocation
  ) throws(PlistError) -> Bool {
    child()
    return try inner.string(text, at: location)
  }

  package mutating func value(_ value: PlistValue, at location: SourceLocation) throws(PlistError) {
    child()
    try inner.value(value, at: location)
  }

  /// The bytes of `key`.
  private func bytes(of key: Key) -> [UInt8] {
    key.inSource
      ? Array(UnsafeBufferPointer(rebasing: source[key.start..<(key.start + key.count)]))
      : Array(spill[key.start..<(key.start + key.count)])
  }

  /// Records the keys the innermost dictionary, `frame`, holds more than once.
  private mutating func report(_ frame: Frame) {
    var counts: [[UInt8]: Int] = [:]
    var order: [[UInt8]] = []
    for key in keys[frame.firstKey...] {
      let bytes = bytes(of: key)
      if counts[bytes] == nil { order.append(bytes) }
      counts[bytes, default: 0] += 1
    }
    let repeated = order.filter { (counts[$0] ?? 0) > 1 }
    guard !repeated.isEmpty else { return }
    let steps = frames.count - 1
    let visible = visibleSteps(of: steps)
    for bytes in repeated {
      found.append(
        (
          frame.serial,
          RepeatedKey(
            steps: steps, visible: visible, key: String(decoding: bytes, as: UTF8.self),
            count: counts[bytes] ?? 0)
        ))
    }
  }

  /// The steps of the key path of the container `frames[count]` that a `RepeatedKey` keeps.
  ///
  /// Those `RepeatedKey.keptSteps` names: for each, the enclosing dictionary's last key or the
  /// enclosing array's last item. Costs the steps kept, not the depth.
  private func visibleSteps(of count: Int) -> [KeyPath.Component] {
    var components: [KeyPath.Component] = []
    for i in RepeatedKey.keptSteps(of: count) {
      let frame = frames[i]
      if frame.isDictionary {
        let nextFirst = i + 1 < frames.count ? frames[i + 1].firstKey : keys.count
        guard nextFirst > frame.firstKey else { continue }
        components.append(
          .key(String(decoding: bytes(of: keys[nextFirst - 1]), as: UTF8.self)))
      } else {
        components.append(.index(frame.children - 1))
      }
    }
    return components
  }
}

extension PlistNode {
  /// Every key a dictionary of this tree holds more than once, dictionaries in the order a
  /// walk visits them (a dictionary before those inside it), each dictionary's keys in the
  /// order they first appear: the tree replayed through `RepeatedKeyTracking`, the tracker
  /// `convert` puts between a reader and a writer, so both paths report in the same words.
  package var repeatedKeys: [RepeatedKey] {
    var tracking = RepeatedKeyTracking(
      DiscardingSink(), source: UnsafeBufferPointer(start: nil, count: 0))
    // Neither the tracker nor the sink throws; a tree replays whole.
    try? replay(into: &tracking)
    return tracking.repeats
  }
}

/// A sink that takes every event and keeps nothing (its text comes from a tree, valid).
private struct DiscardingSink: PlistEventSink {
  func begin(_ kind: PlistKind) {}
  func end(at location: SourceLocation) {}
  func key(_ text: PlistEventText, at location: SourceLocation) -> Bool { true }
  func string(_ text: PlistEventText, at location: SourceLocation) -> Bool { true }
  func value(_ value: PlistValue, at location: SourceLocation) {}
}
