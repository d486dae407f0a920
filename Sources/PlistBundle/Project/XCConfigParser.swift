import Foundation

/// Reads `.xcconfig` files into build-setting assignments.
///
/// The format, as Xcode reads it: one `NAME = value` or `NAME[sdk=…][arch=…] = value` per line,
/// an optional `;` at the end; `//` starts a comment anywhere on a line (URLs included, as in
/// Xcode); `#include "other.xcconfig"` reads another file at that point, its path relative to
/// the including file, and `#include? "…"` does the same but is silent when the file is
/// missing. Includes nest at most `maxIncludeDepth` deep and a file that includes itself
/// (directly or not) is reported and skipped.
package enum XCConfigParser {
  /// The most `#include`s followed inside each other.
  package static let maxIncludeDepth = 16
  /// The most files one `assignments(path:level:files:issues:)` call reads, counting each time a
  /// file is included: includes that fan out (each file including the next three, 15 levels
  /// deep) would otherwise cost 3^15 reads; past it the rest is skipped and reported once.
  package static let maxIncludeExpansions = 1_000
  /// The largest `.xcconfig` file read, in bytes.
  package static let maxFileBytes = 1 << 20

  /// The assignments of the file at `path` in `files` and of everything it includes, in file
  /// order, each with its file and line.
  ///
  /// - Parameters:
  ///   - path: the file's path in the tree.
  ///   - level: the level the assignments belong to.
  ///   - files: the project's file tree.
  ///   - issues: receives a `BundleError` for a missing file or include, a malformed line, a
  ///     cycle or too deep nesting; reading goes on with the rest.
  ///   - namedAt: the file and line that name `path` (a project's
  ///     `baseConfigurationReference`), where a failure to read `path` itself is reported;
  ///     nil to report it on `path`.
  /// - Returns: the assignments.
  package static func assignments(
    path: String, level: SettingLevel, files: any FileTree, issues: inout [BundleError],
    namedAt: (path: String, line: Int?)? = nil
  ) -> [BuildSettingAssignment] {
    var out: [BuildSettingAssignment] = []
    var budget = maxIncludeExpansions
    read(
      path: path, level: level, files: files, chain: [], budget: &budget, out: &out,
      issues: &issues,
      namedAt: namedAt.map {
        ($0.path, $0.line, { "the configuration file \($0) could not be read" })
      })
    return out
  }

  /// Parses the text of one file without following includes; the includes are returned with
  /// their line and whether they are optional.
  package static func parse(
    _ text: String, path: String, level: SettingLevel
  ) -> (
    assignments: [BuildSettingAssignment], includes: [(path: String, optional: Bool, line: Int)],
    errors: [BundleError]
  ) {
    var assignments: [BuildSettingAssignment] = []
    var includes: [(path: String, optional: Bool, line: Int)] = []
    var errors: [BundleError] = []
    var lineNumber = 0
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      lineNumber += 1
      var line = Substring(raw)
      if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty { continue }
      if trimmed.hasPrefix("#include") {
        var rest = trimmed.dropFirst("#include".count)
        let optional = rest.first == "?"
        if optional { rest = rest.dropFirst() }
        let target = rest.trimmingCharacters(in: .whitespaces)
        if target.count >= 2, target.first == "\"", target.last == "\"" {
          includes.append((String(target.dropFirst().dropLast()), optional, lineNumber))
        } else {
          errors.append(
            BundleError(
              .malformed, "expected a quoted path after #include on line \(lineNumber)",
              path: path, line: lineNumber))
        }
        continue
      }
      guard let eq = assignmentIndex(trimmed),
        let key = BuildSettingAssignment.parseKey(String(trimmed[..<eq]))
      else {
        errors.append(
          BundleError(
            .malformed, "expected NAME = value or #include on line \(lineNumber)", path: path,
            line: lineNumber))
        continue
      }
      var value = trimmed[trimmed.index(after: eq)...].trimmingCharacters(in: .whitespaces)
      if value.hasSuffix(";") {
        value = String(value.dropLast()).trimmingCharacters(in: .whitespaces)
      }
      assignments.append(
        BuildSettingAssignment(
          name: key.name, conditions: key.conditions, value: value,
          origin: SettingOrigin(level: level, path: path, line: lineNumber)))
    }
    return (assignments, includes, errors)
  }

  /// The index of the `=` that ends the key: the first one outside `[…]`.
  private static func assignmentIndex(_ line: String) -> String.Index? {
    var depth = 0
    var i = line.startIndex
    while i < line.endIndex {
      switch line[i] {
      case "[": depth += 1
      case "]": depth -= 1
      case "=" where depth == 0: return i
      default: break
      }
      i = line.index(after: i)
    }
    return nil
  }

  /// Reads `path` and what it includes; `namedAt` is the file and line that name it (an
  /// `#include`, or the caller's reference) and the sentence saying it could not be read,
  /// where a failure to read it is reported.
  private static func read(
    path: String, level: SettingLevel, files: any FileTree, chain: [String], budget: inout Int,
    out: inout [BuildSettingAssignment], issues: inout [BundleError],
    namedAt: (path: String, line: Int?, saying: (String) -> String)?
  ) {
    budget -= 1
    let bytes: [UInt8]
    do {
      bytes = try files.contents(of: path, limit: maxFileBytes)
    } catch {
      if let namedAt {
        issues.append(
          BundleError(
            error.kind, namedAt.saying(path) + ": " + error.message,
            path: namedAt.path, line: namedAt.line))
      } else {
        issues.append(error.at(path))
      }
      return
    }
    let parsed = parse(String(decoding: bytes, as: UTF8.self), path: path, level: level)
    issues += parsed.errors
    // Assignments and includes interleave in file order.
    var pending = parsed.assignments[...]
    for include in parsed.includes {
      while let a = pending.first, a.origin.line < include.line {
        out.append(a)
        pending = pending.dropFirst()
      }
      let dir = (path as NSString).deletingLastPathComponent
      guard let target = ProjectPaths.normalize(ProjectPaths.join(dir, include.path)) else {
        issues.append(
          BundleError(
            .unsafePath,
            "#include on line \(include.line) leaves the project folder: "
              + include.path, path: path, line: include.line))
        continue
      }
      if chain.contains(target) || target == path {
        issues.append(
          BundleError(
            .malformed, "#include on line \(include.line) includes \(target) again (a cycle)",
            path: path, line: include.line))
        continue
      }
      if chain.count + 1 >= maxIncludeDepth {
        issues.append(
          BundleError(
            .limitExceeded,
            "#include on line \(include.line) nests deeper than \(maxIncludeDepth) files",
            path: path, line: include.line))
        continue
      }
      if budget <= 0 {
        if budget == 0 {
          issues.append(
            BundleError(
              .limitExceeded,
              "#include on line \(include.line) and the ones after it were not read: the "
                + "includes expand to more than \(maxIncludeExpansions) files", path: path,
              line: include.line))
          budget -= 1  // reported once
        }
        continue
      }
      if include.optional && files.entry(at: target) == nil { continue }
      if files.entry(at: target) == nil {
        issues.append(
          BundleError(
            .notFound, "#include on line \(include.line) names \(target), which is missing",
            path: path, line: include.line))
        continue
      }
      read(
        path: target, level: level, files: files, chain: chain + [path], budget: &budget,
        out: &out, issues: &issues,
        namedAt: (
          path, include.line,
          { "#include on line \(include.line) names \($0), which could not be read" }
        ))
    }
    out += pending
  }
}

/// Path arithmetic for paths inside a project's file tree (`/`-separated, relative to the
/// folder that holds the `.xcodeproj`).
package enum ProjectPaths {
  /// Joins two paths; an absolute `child` stands alone.
  package static func join(_ parent: String, _ child: String) -> String {
    if child.hasPrefix("/") || parent.isEmpty || parent == "." { return child }
    if child.isEmpty { return parent }
    return parent.hasSuffix("/") ? parent + child : parent + "/" + child
  }

  /// Removes `.` and empty components and resolves `..`; nil when the path is absolute or
  /// climbs above the tree's root.
  package static func normalize(_ path: String) -> String? {
    if path.hasPrefix("/") { return nil }
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      if part == "." || part.isEmpty { continue }
      if part == ".." {
        if parts.isEmpty { return nil }
        parts.removeLast()
      } else {
        parts.append(part)
      }
    }
    return parts.joined(separator: "/")
  }
}
