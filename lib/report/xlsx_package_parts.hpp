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
    kStyleRedFill = 2,     // solid FFFF0000
    kStyleYellowFill = 3,  // solid FFFFFF00
};

struct PackagePart {
    std::string name;  // member path in the zip
    std::string xml;
};

// Every part but the worksheets, for sheets named `sheet_names` (in workbook
// order, plain ASCII names without XML markup characters).
std::vector<PackagePart> package_parts(const std::vector<std::string>& sheet_names);

// The member path of the worksheet at `index` (0-based): "xl/worksheets/sheet1.xml", ...
std::string worksheet_part_name(std::size_t index);

}  // namespace msprobe::report
