/// A line diff of two files in the unified format of `diff -u` and `git diff`, shown before a
/// save.
///
/// Lines are compared as bytes (so a change of Unicode normalisation or of a line ending is a
/// change), with the common leading and trailing lines set aside first, as GNU diff does, and
/// the rest compared with the standard library's `difference(from:)` (Myers' algorithm).
package enum UnifiedDiff {
  /// The unified diff from `old` to `new`.
  ///
  /// The output has a `--- oldName` and a `+++ newName` line (the names as given, with no
  /// time stamps; pass `a/Info.plist` and `b/Info.plist` for git's form), then hunks headed
  /// `@@ -start,count +start,count @@`, numbered from 1 as `diff` numbers them (`,count` left
  /// out when it is 1; an empty side shows the line before it and `,0`). Changes whose
  /// unchanged gap is at most `2 × context` lines share a hunk. Within a change, removed lines
  /// (`-`) come before added ones (`+`). A last line without a newline is followed by
  /// `\ No newline at end of file`. A carriage return before a newline stays in the line, and
  /// bytes that are not UTF-8 are shown as U+FFFD.
  ///
  /// - Parameters:
  ///   - old: the file as it is.
  ///   - new: the file as it will be.
  ///   - oldName: the name on the `---` line.
  ///   - newName: the name on the `+++` line.
  ///   - context: unchanged lines shown around each change (negative counts as 0).
  /// - Returns: the diff, ending in a newline; empty when the bytes are equal.
  package static func make(
    old: [UInt8], new: [UInt8], oldName: String, newName: String, context: Int = 3
  ) -> String {
    if old == new { return "" }
    let a = lines(old)
    let b = lines(new)
    let script = editScript(a, b)
    let hunks = group(script, context: max(0, context))
    var out = "--- \(oldName)\n+++ \(newName)\n"
    // Lines of each file before the current hunk, for a hunk with one side empty.
    var counted = 0
    var before = (old: 0, new: 0)
    for hunk in hunks {
      for step in script[counted..<hunk.lowerBound] {
        switch step {
        case .same: before = (before.old + 1, before.new + 1)
        case .removed: before.old += 1
        case .added: before.new += 1
        }
      }
      counted = hunk.lowerBound
      out += header(script[hunk], before: before)
      for step in script[hunk] {
        switch step {
        case .same(let i, _): out += line(" ", a[i])
        case .removed(let i): out += line("-", a[i])
        case .added(let j): out += line("+", b[j])
        }
      }
    }
    return out
  }

  /// One line of a file: its bytes without the newline, and whether a newline ended it.
  struct Line: Hashable {
    var bytes: ArraySlice<UInt8>
    var endsWithNewline: Bool
  }

  /// One step of the edit script: indices into the old and new lines.
  enum Step: Equatable {
    case same(Int, Int)
    case removed(Int)
    case added(Int)
  }

  /// The lines of `bytes`, split after each `\n`.
  static func lines(_ bytes: [UInt8]) -> [Line] {
    var result: [Line] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      result.append(Line(bytes: bytes[start..<index], endsWithNewline: true))
      start = index + 1
    }
    if start < bytes.count {
      result.append(Line(bytes: bytes[start...], endsWithNewline: false))
    }
    return result
  }

  /// How many lines the two sides' differing middles may hold together for the shortest diff
  /// to be looked for; above it, the middle is replaced whole.
  static let maxComparedLines = 20_000

  /// The steps turning `a` into `b`: common prefix and suffix, and between them the standard
  /// library's difference (the whole middle replaced when it is over ``maxComparedLines``),
  /// removals of a change before its insertions.
  static func editScript(_ a: [Line], _ b: [Line]) -> [Step] {
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix,
      a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
    {
      suffix += 1
    }
    let middleA = a[prefix..<(a.count - suffix)]
    let middleB = b[prefix..<(b.count - suffix)]
    var removed = Set<Int>()
    var inserted = Set<Int>()
    if middleA.count + middleB.count > maxComparedLines {
      // Myers' algorithm costs lines × differences: on a change this large (a pasted subtree
      // 100,000 levels deep) it would run for minutes. The middle is shown as removed, then
      // added: a correct diff, if not the shortest.
      removed = Set(middleA.indices)
      inserted = Set(middleB.indices)
    } else {
      for change in middleB.difference(from: middleA) {
        switch change {
        case .remove(let offset, _, _): removed.insert(prefix + offset)
        case .insert(let offset, _, _): inserted.insert(prefix + offset)
        }
      }
    }
    var steps: [Step] = []
    steps.reserveCapacity(max(a.count, b.count) + removed.count + inserted.count)
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if i < a.count, removed.contains(i) {
        steps.append(.removed(i))
        i += 1
      } else if j < b.count, inserted.contains(j) {
        steps.append(.added(j))
        j += 1
      } else if i < a.count, j < b.count {
        steps.append(.same(i, j))
        i += 1
        j += 1
      } else if i < a.count {
        // Not reached: the difference accounts for every line; kept so the loop always ends.
        steps.append(.removed(i))
        i += 1
      } else {
        steps.append(.added(j))
        j += 1
      }
    }
    return steps
  }

  /// The ranges of `script` shown as hunks: each change with `context` steps either side,
  /// merged when they touch or overlap.
  static func group(_ script: [Step], context: Int) -> [Range<Int>] {
    var hunks: [Range<Int>] = []
    var index = 0
    while index < script.count {
      guard case .same = script[index] else {
        var end = index
        while end < script.count, !isSame(script[end]) { end += 1 }
        let lower = max(0, index - context)
        let upper = min(script.count, end + context)
        if let last = hunks.last, last.upperBound >= lower {
          hunks[hunks.count - 1] = last.lowerBound..<upper
        } else {
          hunks.append(lower..<upper)
        }
        index = end
        continue
      }
      index += 1
    }
    return hunks
  }

  private static func isSame(_ step: Step) -> Bool {
    if case .same = step { return true }
    return false
  }

  /// `@@ -l,n +l,n @@` for the steps in `hunk`, `before` lines of each file preceding it.
  private static func header(_ hunk: ArraySlice<Step>, before: (old: Int, new: Int)) -> String {
    var oldStart: Int?
    var newStart: Int?
    var oldCount = 0
    var newCount = 0
    for step in hunk {
      switch step {
      case .same(let i, let j):
        oldStart = oldStart ?? i
        newStart = newStart ?? j
        oldCount += 1
        newCount += 1
      case .removed(let i):
        oldStart = oldStart ?? i
        oldCount += 1
      case .added(let j):
        newStart = newStart ?? j
        newCount += 1
      }
    }
    return "@@ -\(range(oldStart, oldCount, before: before.old)) "
      + "+\(range(newStart, newCount, before: before.new)) @@\n"
  }

  /// `start,count` numbered from 1; `start` alone when the count is 1; the line before and
  /// `,0` when empty.
  private static func range(_ start: Int?, _ count: Int, before: Int) -> String {
    guard count > 0, let start else { return "\(before),0" }
    return count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
  }

  /// A diff line: the marker, the text, a newline, and the no-newline note when due.
  private static func line(_ marker: String, _ line: Line) -> String {
    let text = marker + String(decoding: line.bytes, as: UTF8.self) + "\n"
    return line.endsWithNewline ? text : text + "\\ No newline at end of file\n"
  }
}
