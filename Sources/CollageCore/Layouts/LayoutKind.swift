// The arrangements a collage can have (SPEC §3, "Arranging freely"), and
// the user's proportions for them. Which cells each one gives is LayoutTree's
// and CollageLayout's business; this holds only the names and the values
// that the document, the session and the command line carry.

/// How the photos are arranged.
public enum LayoutKind: String, Codable, CaseIterable, Sendable {
    /// The seed's table: photos fill columns top to bottom, columns left to right.
    case columns
    /// The table turned a quarter: photos fill rows left to right.
    case rows
    /// The first photo takes two thirds along the long side; the rest share the last third.
    case feature
    /// The split of the ordered photos into lines that crops their own shapes least.
    case mosaic

    public static let `default` = LayoutKind.columns

    /// The names the command line takes, in the picker's order.
    public static var names: [String] { allCases.map(\.rawValue) }
}

/// The split sizes the user chose by dragging dividers, for one shape of a
/// layout. A shape is the tree of splits a layout gives for a photo count
/// (LayoutTree.shape); when the photos make another shape, these are not
/// used, and the layout's own sizes come back.
public struct LayoutProportions: Hashable, Codable, Sendable {
    /// The shape these were set for.
    public var shape: String
    /// The parts' shares (summing to 1) of each split that was moved, by the split's path.
    public var splits: [String: [Double]]

    public init(shape: String, splits: [String: [Double]] = [:]) {
        self.shape = shape
        self.splits = splits
    }
}

/// The least share of the photos' area, along a split's axis, that a cell keeps.
public let minimumCellShare = 0.1
