#pragma once
// The small parts of an .xlsx package around its worksheets: content types,
// relationships, workbook, styles and document properties.
#include <cstddef>
#include <string>
#include <vector>

namespace msprobe::report {

// The cell styles styles.xml defines (indexes into its cellXfs).
enum CellStyle : unsigned {
    kStyleDefault = 0,
    kStyleHeader = 1,      // bold, thin border on all sides, centred, top-aligned
    kStyleRedFill = 2,     // solid red
    kStyleYellowFill = 3,  // solid yellow
};

// How styles.xml spells the two highlight fills.
enum class FillSpelling : unsigned char {
    Opaque,   // ARGB FFFF0000 and FFFFFF00 on the default background: both colours fully opaque
    Msprobe,  // msprobe's bytes (openpyxl): FFFF0000 and 00FFFF00, background the same colour
};

struct PackagePart {
    std::string name;  // member path in the zip
    std::string xml;
};

// Every part but the worksheets, for sheets named `sheet_names` (in workbook
// order, plain ASCII names without XML markup characters).
std::vector<PackagePart> package_parts(const std::vector<std::string>& sheet_names,
                                       FillSpelling fills = FillSpelling::Opaque);

// The member path of the worksheet at `index` (0-based): "xl/worksheets/sheet1.xml", ...
std::string worksheet_part_name(std::size_t index);

}  // namespace msprobe::report
