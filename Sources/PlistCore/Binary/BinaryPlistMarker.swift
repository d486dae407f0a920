/// The kind of an object in a binary property list, told by the high nibble of its marker byte.
///
/// Layout of the marker byte (CoreFoundation's `CFBinaryPList.c`, format `bplist00`):
///
/// | marker      | object                                                    | infoscope         |
/// | ----------- | --------------------------------------------------------- | ----------------- |
/// | `0000 0000` | null (`kCFNull`)                                          | error             |
/// | `0000 1000` | false                                                     | boolean           |
/// | `0000 1001` | true                                                      | boolean           |
/// | `0000 1111` | fill byte (CF refuses it as an object)                    | error             |
/// | `0001 0nnn` | integer of 2^nnn bytes, big-endian (1, 2, 4: unsigned;    | integer           |
/// |             | 8: signed; 16: 128-bit signed)                            |                   |
/// | `0010 0nnn` | real of 2^nnn bytes (4 or 8)                              | real              |
/// | `0011 0011` | date: 8-byte float, seconds since 2001-01-01              | date              |
/// | `0100 nnnn` | data, nnnn bytes (`1111`: an integer count follows)       | data              |
/// | `0101 nnnn` | ASCII string, nnnn bytes                                  | string            |
/// | `0110 nnnn` | UTF-16BE string, nnnn code units                          | string            |
/// | `0111 nnnn` | UTF-8 string (only in `bplist1?`; CF's `bplist00` reader  | error             |
/// |             | has no case for it and fails)                             |                   |
/// | `1000 nnnn` | UID of nnnn+1 bytes                                       | uid               |
/// | `1010 nnnn` | array of nnnn references                                  | array             |
/// | `1011 nnnn` | ordered set (`bplist1?` only)                             | error             |
/// | `1100 nnnn` | set (CF reads it, but it is no property-list value)       | error             |
/// | `1101 nnnn` | dictionary: nnnn key references, then nnnn value refs     | dictionary        |
enum BinaryPlistMarker: UInt8 {
  /// Null, booleans and fill (the low nibble tells them apart).
  case simple = 0x00
  case integer = 0x10
  case real = 0x20
  case date = 0x30
  case data = 0x40
  case asciiString = 0x50
  case utf16String = 0x60
  case utf8String = 0x70
  case uid = 0x80
  case array = 0xA0
  case orderedSet = 0xB0
  case set = 0xC0
  case dictionary = 0xD0

  /// The kind of the object whose marker byte is `byte`, or nil for the unused nibbles
  /// (`0x9_`, `0xE_`, `0xF_`).
  init?(byte: UInt8) { self.init(rawValue: byte & 0xF0) }

  /// Marker bytes of the simple objects.
  static let nullByte: UInt8 = 0x00
  static let falseByte: UInt8 = 0x08
  static let trueByte: UInt8 = 0x09
  static let fillByte: UInt8 = 0x0F
  /// The low nibble that means "the count follows as an integer object".
  static let extendedCount: UInt8 = 0x0F

  /// The magic that starts every binary property list; the 8th byte is the minor version.
  static let magic: [UInt8] = Array("bplist0".utf8)

  /// A name for error messages ("an array", "a set").
  var article: String {
    switch self {
    case .simple: "a null, boolean or fill byte"
    case .integer: "an integer"
    case .real: "a real"
    case .date: "a date"
    case .data: "a data object"
    case .asciiString: "an ASCII string"
    case .utf16String: "a UTF-16 string"
    case .utf8String: "a UTF-8 string"
    case .uid: "a UID"
    case .array: "an array"
    case .orderedSet: "an ordered set"
    case .set: "a set"
    case .dictionary: "a dictionary"
    }
  }
}
