#include "report/xlsx_reader.hpp"

#include <unistd.h>
#include <zip.h>

#include <pugixml.hpp>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "common/error.hpp"
#include "common/input_file.hpp"

namespace msprobe::report {

namespace {

// A workbook may expand (parts read, cells padded, shared strings copied
// into cells) to this many times its file size, and to at least the floor:
// real result books compress about 13 times, a zip bomb a thousand, and a
// shared string repeated in a million cells even more.
constexpr std::uint64_t kExpansionRatio = 100;
constexpr std::uint64_t kExpansionFloor = std::uint64_t{64} << 20;

// The members of the .xlsx zip package, read whole on demand, and how far
// reading them has expanded the file.
class ZipPackage {
public:
    explicit ZipPackage(const std::string& path) : path_(path) {
        const InputFile input = InputFile::open(path, InputKind::Table);
        // libzip owns (and closes) the descriptor it is given once the archive is open.
        const int fd = ::dup(input.fd());
        if (fd < 0) throw Error(path, "cannot open: out of file descriptors");
        budget_ = std::max(kExpansionFloor, static_cast<std::uint64_t>(input.size()) * kExpansionRatio);
        int code = 0;
        archive_ = zip_fdopen(fd, 0, &code);
        if (archive_ == nullptr) {
            ::close(fd);
            zip_error_t error;
            zip_error_init_with_code(&error, code);
            std::string reason = std::string("not a readable .xlsx (zip) file: ") + zip_error_strerror(&error);
            zip_error_fini(&error);
            throw Error(path, reason);
        }
    }
    ~ZipPackage() { zip_discard(archive_); }
    ZipPackage(const ZipPackage&) = delete;
    ZipPackage& operator=(const ZipPackage&) = delete;

    // Writers disagree on the case of member names, so the lookup ignores it.
    std::optional<std::string> read(const std::string& member) const {
        const zip_int64_t index = zip_name_locate(archive_, member.c_str(), ZIP_FL_NOCASE);
        if (index < 0) return std::nullopt;
        zip_stat_t stat;
        zip_stat_init(&stat);
        if (zip_stat_index(archive_, static_cast<zip_uint64_t>(index), 0, &stat) != 0 ||
            (stat.valid & ZIP_STAT_SIZE) == 0) {
            throw Error(path_, "cannot stat zip member " + member);
        }
        // A workbook part is read whole: refuse what would only be a zip bomb (msprobe's limit too).
        constexpr zip_uint64_t kMaxMemberBytes = zip_uint64_t{1} << 30;
        if (stat.size > kMaxMemberBytes) {
            throw Error(path_, "zip member " + member + " is " + std::to_string(stat.size) +
                                   " bytes uncompressed, more than the 1 GiB a workbook part may hold");
        }
        charge(stat.size, "zip member " + member + " of " + std::to_string(stat.size) + " bytes uncompressed");
        std::unique_ptr<zip_file_t, decltype(&zip_fclose)> file(
            zip_fopen_index(archive_, static_cast<zip_uint64_t>(index), 0), &zip_fclose);
        if (!file) throw Error(path_, "cannot open zip member " + member + ": " + zip_strerror(archive_));
        std::string bytes(static_cast<std::size_t>(stat.size), '\0');
        const zip_int64_t got = zip_fread(file.get(), bytes.data(), stat.size);
        if (got < 0 || static_cast<zip_uint64_t>(got) != stat.size) {
            throw Error(path_, "cannot read zip member " + member + " (corrupt archive)");
        }
        return bytes;
    }

    std::string read_required(const std::string& member) const {
        auto bytes = read(member);
        if (!bytes) throw Error(path_, "not a workbook: the package has no " + member);
        return *std::move(bytes);
    }

    const std::string& path() const { return path_; }

    // Counts `bytes` more of expansion; `what` names what took them.
    void charge(std::uint64_t bytes, const std::string& what) const {
        if (bytes > budget_ - std::min(budget_, expanded_)) {
            throw Error(path_, what + " expands the workbook beyond " + std::to_string(budget_) + " bytes (" +
                                   std::to_string(kExpansionRatio) + " times its size, at least " +
                                   std::to_string(kExpansionFloor >> 20) + " MiB)");
        }
        expanded_ += bytes;
    }

private:
    std::string path_;
    zip_t* archive_ = nullptr;
    std::uint64_t budget_ = 0;
    mutable std::uint64_t expanded_ = 0;
};

// Element names are compared without their namespace prefix: most writers use
// the default namespace, some (.NET) write "x:c".
std::string_view local_name(const pugi::xml_node& node) {
    std::string_view name = node.name();
    const auto colon = name.find(':');
    return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

pugi::xml_node child_named(const pugi::xml_node& parent, std::string_view name) {
    for (pugi::xml_node child = parent.first_child(); child; child = child.next_sibling()) {
        if (child.type() == pugi::node_element && local_name(child) == name) return child;
    }
    return {};
}

template <typename Visit>
void for_each_child_named(const pugi::xml_node& parent, std::string_view name, Visit visit) {
    for (pugi::xml_node child = parent.first_child(); child; child = child.next_sibling()) {
        if (child.type() == pugi::node_element && local_name(child) == name) visit(child);
    }
}

// Relationship ids live in the "r:" namespace, whatever its prefix.
std::string relationship_id(const pugi::xml_node& node) {
    for (pugi::xml_attribute attribute = node.first_attribute(); attribute; attribute = attribute.next_attribute()) {
        std::string_view name = attribute.name();
        if (name.size() > 3 && name.substr(name.size() - 3) == ":id") return attribute.value();
    }
    return {};
}

// All character data below a node (text split by CDATA sections included).
std::string element_text(const pugi::xml_node& node) {
    std::string text;
    for (pugi::xml_node child = node.first_child(); child; child = child.next_sibling()) {
        if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) text += child.value();
    }
    return text;
}

pugi::xml_document parse_xml(const ZipPackage& package, const std::string& member, std::string& bytes) {
    pugi::xml_document document;
    // parse_ws_pcdata keeps whitespace-only cell texts such as " ".
    const auto result = document.load_buffer_inplace(bytes.data(), bytes.size(),
                                                     pugi::parse_default | pugi::parse_ws_pcdata);
    if (!result) {
        throw Error(package.path(), member + ": malformed XML at byte " + std::to_string(result.offset) + ": " +
                                        result.description());
    }
    return document;
}

// An XML part together with the buffer pugixml parsed in place.
struct XmlPart {
    std::string bytes;
    pugi::xml_document document;
};

std::unique_ptr<XmlPart> load_part(const ZipPackage& package, const std::string& member, bool required) {
    auto bytes = required ? std::optional<std::string>(package.read_required(member)) : package.read(member);
    if (!bytes) return nullptr;
    auto part = std::make_unique<XmlPart>();
    part->bytes = *std::move(bytes);
    part->document = parse_xml(package, member, part->bytes);
    return part;
}

std::string directory_of(const std::string& member) {
    const auto slash = member.rfind('/');
    return slash == std::string::npos ? std::string() : member.substr(0, slash + 1);
}

// Relationship targets are relative to the source part's folder, or absolute
// within the package when they start with '/'.
std::string resolve_target(const std::string& source_member, const std::string& target) {
    std::string joined = (!target.empty() && target.front() == '/') ? target.substr(1)
                                                                    : directory_of(source_member) + target;
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= joined.size()) {
        const auto slash = std::min(joined.find('/', start), joined.size());
        const std::string segment = joined.substr(start, slash - start);
        if (segment == "..") {
            if (!parts.empty()) parts.pop_back();
        } else if (!segment.empty() && segment != ".") {
            parts.push_back(segment);
        }
        start = slash + 1;
    }
    std::string resolved;
    for (const auto& part : parts) resolved += (resolved.empty() ? "" : "/") + part;
    return resolved;
}

struct Relationship {
    std::string type_suffix;  // the last segment of the Type URI: "worksheet", "styles", ...
    std::string target;       // resolved member name
};

// id → relationship of one part (empty when the part has no .rels file).
std::unordered_map<std::string, Relationship> read_relationships(const ZipPackage& package,
                                                                 const std::string& source_member) {
    const std::string rels_member = directory_of(source_member) + "_rels/" +
                                    source_member.substr(directory_of(source_member).size()) + ".rels";
    std::unordered_map<std::string, Relationship> relationships;
    const auto part = load_part(package, rels_member, false);
    if (!part) return relationships;
    for_each_child_named(child_named(part->document, "Relationships"), "Relationship", [&](const pugi::xml_node& rel) {
        std::string type = rel.attribute("Type").value();
        const auto slash = type.rfind('/');
        if (slash != std::string::npos) type = type.substr(slash + 1);
        const std::string target = rel.attribute("Target").value();
        if (std::string_view(rel.attribute("TargetMode").value()) == "External") return;
        relationships[rel.attribute("Id").value()] = {type, resolve_target(source_member, target)};
    });
    return relationships;
}

std::string workbook_member(const ZipPackage& package) {
    for (const auto& [id, rel] : read_relationships(package, "")) {
        if (rel.type_suffix == "officeDocument") return rel.target;
    }
    return "xl/workbook.xml";
}

std::optional<std::string> target_of_type(const std::unordered_map<std::string, Relationship>& relationships,
                                          std::string_view type_suffix) {
    for (const auto& [id, rel] : relationships) {
        if (rel.type_suffix == type_suffix) return rel.target;
    }
    return std::nullopt;
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Excel stores characters XML cannot carry as "_xHHHH_" (libxlsxwriter: every
// control character except TAB and LF, e.g. CR as _x000D_; openpyxl writes TAB,
// LF and CR literally and refuses the others). "_x005F_" escapes an underscore
// that would otherwise start such a sequence. Other code points are kept
// literally: neither writer escapes them, so "_x0041_" is user text.
std::string unescape_control_characters(std::string text) {
    if (text.find("_x") == std::string::npos) return text;
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '_' && i + 6 < text.size() && text[i + 1] == 'x' && text[i + 6] == '_') {
            int code = 0;
            bool is_hex = true;
            for (std::size_t k = 2; k < 6; ++k) {
                const int digit = hex_value(text[i + k]);
                is_hex = is_hex && digit >= 0;
                code = code * 16 + digit;
            }
            if (is_hex && (code < 0x20 || code == 0x5F)) {
                out.push_back(static_cast<char>(code));
                i += 6;
                continue;
            }
        }
        out.push_back(text[i]);
    }
    return out;
}

// Text of a shared-string item or inline string: plain <t>, or the <t> of
// every rich-text run <r>; phonetic runs (<rPh>) are not part of the value.
std::string string_item_text(const pugi::xml_node& item) {
    std::string text;
    for (pugi::xml_node child = item.first_child(); child; child = child.next_sibling()) {
        if (child.type() != pugi::node_element) continue;
        if (local_name(child) == "t") {
            text += element_text(child);
        } else if (local_name(child) == "r") {
            text += element_text(child_named(child, "t"));
        }
    }
    return unescape_control_characters(std::move(text));
}

std::vector<std::string> read_shared_strings(const ZipPackage& package, const std::optional<std::string>& member) {
    std::vector<std::string> strings;
    if (!member) return strings;
    const auto part = load_part(package, *member, false);
    if (!part) return strings;
    for_each_child_named(child_named(part->document, "sst"), "si",
                         [&](const pugi::xml_node& item) { strings.push_back(string_item_text(item)); });
    return strings;
}

// Cell style index → ARGB text of its solid fill (empty when not solidly
// filled, or filled with a theme / indexed colour, which no writer of ours uses).
std::vector<std::string> read_solid_fills_by_style(const ZipPackage& package,
                                                   const std::optional<std::string>& member) {
    std::vector<std::string> fill_by_style;
    if (!member) return fill_by_style;
    const auto part = load_part(package, *member, false);
    if (!part) return fill_by_style;
    const pugi::xml_node style_sheet = child_named(part->document, "styleSheet");
    std::vector<std::string> solid_rgb_by_fill;
    for_each_child_named(child_named(style_sheet, "fills"), "fill", [&](const pugi::xml_node& fill) {
        const pugi::xml_node pattern = child_named(fill, "patternFill");
        std::string rgb;
        if (std::string_view(pattern.attribute("patternType").value()) == "solid") {
            rgb = child_named(pattern, "fgColor").attribute("rgb").value();
        }
        solid_rgb_by_fill.push_back(rgb);
    });
    for_each_child_named(child_named(style_sheet, "cellXfs"), "xf", [&](const pugi::xml_node& xf) {
        const unsigned fill_id = xf.attribute("fillId").as_uint();
        fill_by_style.push_back(fill_id < solid_rgb_by_fill.size() ? solid_rgb_by_fill[fill_id] : std::string());
    });
    return fill_by_style;
}

// An Excel sheet's size.
constexpr int kMaxRows = 1048576;
constexpr int kMaxColumns = 16384;

// The r attribute of a row: 1 to 1048576 in plain decimal digits.
std::optional<int> row_number(std::string_view text) {
    int number = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (text.empty() || text.front() == '-' || error != std::errc() || end != text.data() + text.size() || number < 1 ||
        number > kMaxRows) {
        return std::nullopt;
    }
    return number;
}

struct CellPosition {
    int row = 0;     // 0-based
    int column = 0;  // 0-based
};

// "AA12" → row 11, column 26.
std::optional<CellPosition> parse_reference(std::string_view reference) {
    std::size_t i = 0;
    long column = 0;
    while (i < reference.size() && reference[i] >= 'A' && reference[i] <= 'Z' && i < 3) {
        column = column * 26 + (reference[i] - 'A' + 1);
        ++i;
    }
    long row = 0;
    const auto digits = reference.substr(i);
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), row);
    if (i == 0 || error != std::errc() || end != digits.data() + digits.size() || row < 1 || row > kMaxRows) {
        return std::nullopt;
    }
    return CellPosition{static_cast<int>(row - 1), static_cast<int>(column - 1)};
}

// Everything needed to turn one <c> element into a Cell.
class CellDecoder {
public:
    CellDecoder(const ZipPackage& package, const std::string& sheet_name, const std::vector<std::string>& shared)
        : package_(package), sheet_name_(sheet_name), shared_strings_(shared) {}

    Cell decode(const pugi::xml_node& c, const std::string& reference) const {
        const std::string_view type = c.attribute("t").value();
        if (type == "inlineStr") {
            const pugi::xml_node inline_string = child_named(c, "is");
            return inline_string ? Cell(string_item_text(inline_string)) : Cell();
        }
        const pugi::xml_node v = child_named(c, "v");
        if (!v) return {};
        const std::string value = element_text(v);
        if (type == "s") {
            const std::string& text = shared_string(value, reference);
            package_.charge(text.size(), "sheet \"" + sheet_name_ + "\" cell " + reference + ", a shared string of " +
                                             std::to_string(text.size()) + " bytes,");
            return Cell(text);
        }
        if (type == "str" || type == "e" || type == "d") return Cell(unescape_control_characters(value));
        if (type == "b") return Cell::boolean(value == "1" || value == "true");
        if (type.empty() || type == "n") return Cell(number(value, reference));
        fail(reference, "unknown cell type \"" + std::string(type) + "\"");
    }

    [[noreturn]] void fail(const std::string& reference, const std::string& reason) const {
        fail_at("cell " + reference, reason);
    }

    // `where`: "cell B3", "row 7".
    [[noreturn]] void fail_at(const std::string& where, const std::string& reason) const {
        throw Error(package_.path(), "sheet \"" + sheet_name_ + "\" " + where + ": " + reason);
    }

private:
    const std::string& shared_string(const std::string& value, const std::string& reference) const {
        std::size_t index = 0;
        const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), index);
        if (error != std::errc() || end != value.data() + value.size() || index >= shared_strings_.size()) {
            fail(reference, "shared string index \"" + value + "\" out of range");
        }
        return shared_strings_[index];
    }

    double number(const std::string& value, const std::string& reference) const {
        std::string_view text = value;
        while (!text.empty() && (text.front() == ' ' || text.front() == '+')) text.remove_prefix(1);
        while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
        double number = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
        if (error != std::errc() || end != text.data() + text.size()) fail(reference, "bad number \"" + value + "\"");
        return number;
    }

    const ZipPackage& package_;
    const std::string& sheet_name_;
    const std::vector<std::string>& shared_strings_;
};

SheetContents read_sheet(const ZipPackage& package, const std::string& name, const std::string& member,
                         const std::vector<std::string>& shared_strings,
                         const std::vector<std::string>& fill_by_style) {
    SheetContents sheet;
    sheet.name = name;
    const auto part = load_part(package, member, true);
    const CellDecoder decoder(package, name, shared_strings);
    const pugi::xml_node sheet_data = child_named(child_named(part->document, "worksheet"), "sheetData");
    int next_row = 0;
    for_each_child_named(sheet_data, "row", [&](const pugi::xml_node& row) {
        // Row and cell positions may be omitted; they then follow the previous one.
        int row_index = next_row;
        if (const auto r = row.attribute("r")) {
            const auto number = row_number(r.value());
            if (!number) decoder.fail_at("row " + std::string(r.value()), "row number out of range (1 to 1048576)");
            row_index = *number - 1;
        } else if (row_index >= kMaxRows) {
            decoder.fail_at("row " + std::to_string(row_index + 1), "row number out of range (1 to 1048576)");
        }
        next_row = row_index + 1;
        if (sheet.rows.size() <= static_cast<std::size_t>(row_index)) {
            package.charge((row_index + 1 - sheet.rows.size()) * sizeof(sheet.rows.front()),
                           "sheet \"" + name + "\" row " + std::to_string(row_index + 1));
            sheet.rows.resize(row_index + 1);
        }
        auto& cells = sheet.rows[row_index];
        int next_column = 0;
        for_each_child_named(row, "c", [&](const pugi::xml_node& c) {
            std::string reference = c.attribute("r").value();
            CellPosition position{row_index, next_column};
            if (!reference.empty()) {
                const auto parsed = parse_reference(reference);
                if (!parsed || parsed->row != row_index) decoder.fail(reference, "bad cell reference");
                position = *parsed;
            } else {
                reference = "R" + std::to_string(row_index + 1) + "C" + std::to_string(next_column + 1);
            }
            if (position.column >= kMaxColumns) decoder.fail(reference, "column out of range (A to XFD)");
            next_column = position.column + 1;
            if (cells.size() <= static_cast<std::size_t>(position.column)) {
                package.charge((position.column + 1 - cells.size()) * sizeof(Cell), "sheet \"" + name + "\" cell " + reference);
                cells.resize(position.column + 1);
            }
            cells[position.column] = decoder.decode(c, reference);
            if (const auto s = c.attribute("s")) {
                const unsigned style = s.as_uint();
                if (style < fill_by_style.size() && !fill_by_style[style].empty()) {
                    sheet.fills[{position.row, position.column}] = fill_by_style[style];
                }
            }
        });
    });
    return sheet;
}

}  // namespace

namespace {

// The first `max_sheets` sheets of the book, in workbook order.
WorkbookContents read_xlsx_sheets(const std::string& path, std::size_t max_sheets) {
    const ZipPackage package(path);
    const std::string workbook = workbook_member(package);
    const auto workbook_part = load_part(package, workbook, true);
    const auto relationships = read_relationships(package, workbook);
    const auto shared_strings = read_shared_strings(package, target_of_type(relationships, "sharedStrings"));
    const auto fill_by_style = read_solid_fills_by_style(package, target_of_type(relationships, "styles"));

    WorkbookContents contents;
    const pugi::xml_node sheets = child_named(child_named(workbook_part->document, "workbook"), "sheets");
    for_each_child_named(sheets, "sheet", [&](const pugi::xml_node& sheet) {
        if (contents.sheets.size() >= max_sheets) return;
        const std::string name = sheet.attribute("name").value();
        const auto rel = relationships.find(relationship_id(sheet));
        if (rel == relationships.end()) throw Error(path, "sheet \"" + name + "\" has no part in the package");
        if (rel->second.type_suffix != "worksheet") {  // chart sheets hold no cells
            contents.sheets.push_back(SheetContents{name, {}, {}});
            return;
        }
        contents.sheets.push_back(read_sheet(package, name, rel->second.target, shared_strings, fill_by_style));
    });
    return contents;
}

// Allocation failures and the like become errors naming the file.
WorkbookContents read_xlsx_checked(const std::string& path, std::size_t max_sheets) {
    try {
        return read_xlsx_sheets(path, max_sheets);
    } catch (const Error&) {
        throw;
    } catch (const std::bad_alloc&) {
        throw Error(path, "out of memory while reading the workbook");
    } catch (const std::exception& e) {
        throw Error(path, std::string("cannot read the workbook: ") + e.what());
    }
}

}  // namespace

WorkbookContents read_xlsx(const std::string& path) { return read_xlsx_checked(path, SIZE_MAX); }

SheetContents read_first_xlsx_sheet(const std::string& path) {
    auto contents = read_xlsx_checked(path, 1);
    if (contents.sheets.empty()) throw Error(path, "the workbook has no worksheet");
    return std::move(contents.sheets.front());
}

}  // namespace msprobe::report
