import CNcurses
import PlistUI

/// The ncurses ``Terminal`` (to be written).
package enum CursesPlaceholder {}
