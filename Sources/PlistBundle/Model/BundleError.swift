import PlistCore

/// An error finding or reading the files of a bundle, an archive or a project.
///
/// `description` names the file (its path inside the input, as `infoscope files` shows it) and,
/// for binary formats, the byte offset: `MyApp.app/MyApp: error: load command 3 runs past the
/// end of the file (at offset 0x2a0)`. A property list that fails to parse keeps its
/// `PlistError` (with line and column) as `underlying`.
package struct BundleError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, for callers that branch on it.
  package enum Kind: String, Sendable, Equatable {
    /// The path names nothing, or nothing infoscope can open.
    case notFound
    /// The input is not the kind of thing it claims to be (an `.ipa` that is not a ZIP).
    case unrecognized
    /// A structure (ZIP, Mach-O, CMS, project) breaks its format.
    case malformed
    /// Input passes one of the safety limits (ZIP sizes and ratios, nesting, counts).
    case limitExceeded
    /// A path inside an archive or bundle tries to leave it (`..`, an absolute path, a link).
    case unsafePath
    /// Reading failed at the system level.
    case io
    /// A property list inside the input failed to parse (see `underlying`).
    case plist
  }

  /// What went wrong.
  package var kind: Kind
  /// One sentence a person can act on, without a trailing period.
  package var message: String
  /// The file concerned, relative to the input where it lies inside one.
  package var path: String?
  /// Byte offset in the file, for binary formats.
  package var offset: Int?
  /// 1-based line in the file, for text formats read line by line (`.xcconfig`, the line of
  /// a `project.pbxproj` entry that names a missing file).
  package var line: Int?
  /// The property-list error, for `.plist`.
  package var underlying: PlistError?

  /// Creates an error.
  package init(
    _ kind: Kind, _ message: String, path: String? = nil, offset: Int? = nil, line: Int? = nil,
    underlying: PlistError? = nil
  ) {
    self.kind = kind
    self.message = message
    self.path = path
    self.offset = offset
    self.line = line
    self.underlying = underlying
  }

  /// Wraps a property-list error for the file at `path`.
  package init(_ error: PlistError, path: String) {
    self.init(
      .plist, error.message, path: path, offset: error.offset, underlying: error.inFile(path))
  }

  /// The same error, naming `path`.
  package func at(_ path: String) -> BundleError {
    var copy = self
    copy.path = path
    copy.underlying = underlying?.inFile(path)
    return copy
  }

  /// `path: error: message (at offset 0x…)`, `path:line: error: message`, or the
  /// property-list error's own form.
  package var description: String {
    if let underlying { return underlying.description }
    let place = (path ?? "<input>") + (line.map { ":\($0)" } ?? "")
    var text = "\(place): error: \(message)"
    if let offset { text += " (at offset 0x\(String(offset, radix: 16)))" }
    return text
  }
}
