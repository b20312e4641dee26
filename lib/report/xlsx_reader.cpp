#include "report/xlsx_reader.hpp"

#include <expat.h>
#include <unistd.h>
#include <zip.h>

#include <pugixml.hpp>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <functional>
#include <memory>
#include <type_traits>
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
        auto file = open_member(member);
        if (!file) return std::nullopt;
        std::string bytes(static_cast<std::size_t>(file->size), '\0');
        const zip_int64_t got = zip_fread(file->handle.get(), bytes.data(), file->size);
        if (got < 0 || static_cast<zip_uint64_t>(got) != file->size) corrupt(member);
        return bytes;
    }

    std::string read_required(const std::string& member) const {
        auto bytes = read(member);
        if (!bytes) missing(member);
        return *std::move(bytes);
    }

    // Hands the required `member` to `on_chunk(bytes, size, last)` a chunk at a time, never holding it whole.
    template <typename OnChunk>
    void read_chunks(const std::string& member, OnChunk&& on_chunk) const {
        auto file = open_member(member);
        if (!file) missing(member);
        constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
        std::vector<char> chunk(static_cast<std::size_t>(std::min<zip_uint64_t>(file->size, kChunkBytes)));
        zip_uint64_t done = 0;
        while (done < file->size) {
            const zip_uint64_t wanted = std::min<zip_uint64_t>(file->size - done, chunk.size());
            const zip_int64_t got = zip_fread(file->handle.get(), chunk.data(), wanted);
            if (got <= 0) corrupt(member);
            done += static_cast<zip_uint64_t>(got);
            on_chunk(chunk.data(), static_cast<std::size_t>(got), done == file->size);
        }
        if (file->size == 0) on_chunk(chunk.data(), 0, true);
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
    struct MemberFile {
        std::unique_ptr<zip_file_t, decltype(&zip_fclose)> handle;
        zip_uint64_t size;
    };

    // The member opened for reading, its whole size charged; nullopt when the package has none.
    std::optional<MemberFile> open_member(const std::string& member) const {
        const zip_int64_t index = zip_name_locate(archive_, member.c_str(), ZIP_FL_NOCASE);
        if (index < 0) return std::nullopt;
        zip_stat_t stat;
        zip_stat_init(&stat);
        if (zip_stat_index(archive_, static_cast<zip_uint64_t>(index), 0, &stat) != 0 ||
            (stat.valid & ZIP_STAT_SIZE) == 0) {
            throw Error(path_, "cannot stat zip member " + member);
        }
        // Refuse what would only be a zip bomb (msprobe's limit too), before a byte is inflated.
        constexpr zip_uint64_t kMaxMemberBytes = zip_uint64_t{1} << 30;
        if (stat.size > kMaxMemberBytes) {
            throw Error(path_, "zip member " + member + " is " + std::to_string(stat.size) +
                                   " bytes uncompressed, more than the 1 GiB a workbook part may hold");
        }
        charge(stat.size, "zip member " + member + " of " + std::to_string(stat.size) + " bytes uncompressed");
        MemberFile file{{zip_fopen_index(archive_, static_cast<zip_uint64_t>(index), 0), &zip_fclose}, stat.size};
        if (!file.handle) throw Error(path_, "cannot open zip member " + member + ": " + zip_strerror(archive_));
        return file;
    }

    [[noreturn]] void missing(const std::string& member) const {
        throw Error(path_, "not a workbook: the package has no " + member);
    }
    [[noreturn]] void corrupt(const std::string& member) const {
        throw Error(path_, "cannot read zip member " + member + " (corrupt archive)");
    }

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

// What the sheet XML says of one <c> element.
struct CellXml {
    std::string reference;  // "B3", or "R3C2" made up when the element has no r
    std::string type;       // the t attribute
    std::optional<unsigned> style;
    bool has_value = false;   // a <v> child
    std::string value;        // its text
    bool has_inline = false;  // an <is> child
    std::string inline_text;  // its string item's text, before unescaping
};

// Everything needed to turn one <c> element into a Cell.
class CellDecoder {
public:
    CellDecoder(const ZipPackage& package, const std::string& sheet_name, const std::vector<std::string>& shared)
        : package_(package), sheet_name_(sheet_name), shared_strings_(shared) {}

    Cell decode(CellXml& c) const {
        const std::string_view type = c.type;
        if (type == "inlineStr") {
            return c.has_inline ? Cell(unescape_control_characters(std::move(c.inline_text))) : Cell();
        }
        if (!c.has_value) return {};
        if (type == "s") {
            const std::string& text = shared_string(c.value, c.reference);
            package_.charge(text.size(), "sheet \"" + sheet_name_ + "\" cell " + c.reference + ", a shared string of " +
                                             std::to_string(text.size()) + " bytes,");
            return Cell(text);
        }
        if (type == "str" || type == "e" || type == "d") return Cell(unescape_control_characters(std::move(c.value)));
        if (type == "b") return Cell::boolean(c.value == "1" || c.value == "true");
        if (type.empty() || type == "n") return Cell(number(c.value, c.reference));
        fail(c.reference, "unknown cell type \"" + std::string(type) + "\"");
    }

    [[noreturn]] void fail(const std::string& reference, const std::string& reason) const {
        fail_at("cell " + reference, reason);
    }

    // `where`: "cell B3", "row 7".
    [[noreturn]] void fail_at(const std::string& where, const std::string& reason) const {
        throw Error(package_.path(), "sheet \"" + sheet_name_ + "\" " + where + ": " + reason);
    }

    const std::string& sheet_name() const { return sheet_name_; }

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

// One <row> of a sheet as the reader meets it.
struct SheetRow {
    int index = 0;                                  // 0-based
    std::vector<Cell> cells;                        // short rows are not padded
    std::vector<std::pair<int, std::string>> fills;  // column → ARGB of a solid fill
};

std::string_view local_name(const XML_Char* name) {
    std::string_view text = name;
    const auto colon = text.find(':');
    return colon == std::string_view::npos ? text : text.substr(colon + 1);
}

const XML_Char* attribute(const XML_Char** attributes, std::string_view wanted) {
    for (const XML_Char** a = attributes; *a != nullptr; a += 2) {
        if (wanted == a[0]) return a[1];
    }
    return nullptr;
}

// The rows of a worksheet part, parsed as the part inflates (expat): the sheet is never held whole, as a
// text or as a tree. Each row is handed on when its element ends. What is read is what a tree reader takes:
// the first <sheetData> of the <worksheet>, its <row>s, their <c>s; of a cell its first <v> or <is>, of a
// string item the text of its <t>, or of the first <t> of each run <r>.
class SheetRowReader {
public:
    using OnRow = std::function<void(SheetRow&)>;

    SheetRowReader(const ZipPackage& package, const CellDecoder& decoder, const std::vector<std::string>& fill_by_style,
                   OnRow on_row)
        : package_(package), decoder_(decoder), fill_by_style_(fill_by_style), on_row_(std::move(on_row)) {}

    void read(const std::string& member) {
        std::unique_ptr<std::remove_pointer_t<XML_Parser>, decltype(&XML_ParserFree)> parser(XML_ParserCreate(nullptr),
                                                                                              &XML_ParserFree);
        if (!parser) throw std::bad_alloc();
        parser_ = parser.get();
        XML_SetUserData(parser_, this);
        XML_SetElementHandler(parser_, &SheetRowReader::on_start, &SheetRowReader::on_end);
        XML_SetCharacterDataHandler(parser_, &SheetRowReader::on_text);
        XML_SetEntityDeclHandler(parser_, &SheetRowReader::on_entity_declaration);
        package_.read_chunks(member, [&](const char* bytes, std::size_t size, bool last) {
            const auto status = XML_Parse(parser_, bytes, static_cast<int>(size), last ? XML_TRUE : XML_FALSE);
            if (failure_) std::rethrow_exception(failure_);
            if (status == XML_STATUS_ERROR) {
                throw Error(package_.path(), member + ": malformed XML at byte " +
                                                 std::to_string(XML_GetCurrentByteIndex(parser_)) + ": " +
                                                 XML_ErrorString(XML_GetErrorCode(parser_)));
            }
        });
    }

private:
    // Callbacks run inside expat, which is C: what they throw is kept and rethrown once expat has returned.
    template <typename Step>
    void guarded(Step step) {
        if (failure_) return;
        try {
            step();
        } catch (...) {
            failure_ = std::current_exception();
            XML_StopParser(parser_, XML_FALSE);
        }
    }

    static void on_start(void* self, const XML_Char* name, const XML_Char** attributes) {
        auto& reader = *static_cast<SheetRowReader*>(self);
        reader.guarded([&] { reader.start(local_name(name), attributes); });
    }
    static void on_end(void* self, const XML_Char* /*name*/) {
        auto& reader = *static_cast<SheetRowReader*>(self);
        reader.guarded([&] { reader.end(); });
    }
    static void on_text(void* self, const XML_Char* text, int size) {
        auto& reader = *static_cast<SheetRowReader*>(self);
        if (reader.depth_ == reader.text_depth_ && reader.text_ != nullptr) {
            reader.text_->append(text, static_cast<std::size_t>(size));
        }
    }
    static void on_entity_declaration(void* self, const XML_Char* /*name*/, int /*is_parameter*/,
                                      const XML_Char* /*value*/, int /*length*/, const XML_Char* /*base*/,
                                      const XML_Char* /*system_id*/, const XML_Char* /*public_id*/,
                                      const XML_Char* /*notation*/) {
        auto& reader = *static_cast<SheetRowReader*>(self);
        reader.guarded([&] { reader.decoder_.fail_at("part", "declares an entity, which no workbook writer does"); });
    }

    // Depths: 1 worksheet, 2 sheetData, 3 row, 4 c, 5 v or is, 6 t or r, 7 t of a run.
    void start(std::string_view name, const XML_Char** attributes) {
        ++depth_;
        if (depth_ == 1) {
            in_worksheet_ = name == "worksheet";
        } else if (depth_ == 2) {
            in_sheet_data_ = in_worksheet_ && name == "sheetData" && !sheet_data_seen_;
            sheet_data_seen_ = sheet_data_seen_ || in_sheet_data_;
        } else if (!in_sheet_data_) {
            return;
        } else if (depth_ == 3) {
            in_row_ = name == "row";
            if (in_row_) start_row(attribute(attributes, "r"));
        } else if (!in_row_) {
            return;
        } else if (depth_ == 4) {
            in_cell_ = name == "c";
            if (in_cell_) start_cell(attributes);
        } else if (!in_cell_) {
            return;
        } else if (depth_ == 5) {
            in_inline_ = false;
            if (name == "v" && !cell_.has_value) {
                cell_.has_value = true;
                capture(&cell_.value);
            } else if (name == "is" && !cell_.has_inline) {
                cell_.has_inline = in_inline_ = true;
            }
        } else if (!in_inline_) {
            return;
        } else if (depth_ == 6) {
            in_run_ = name == "r";
            run_text_taken_ = false;
            if (name == "t") capture(&cell_.inline_text);
        } else if (depth_ == 7 && in_run_ && name == "t" && !run_text_taken_) {
            run_text_taken_ = true;
            capture(&cell_.inline_text);
        }
    }

    void end() {
        if (depth_ == text_depth_) text_ = nullptr;
        if (depth_ == 5) in_inline_ = false;
        if (depth_ == 6) in_run_ = false;
        if (depth_ == 4 && in_cell_) end_cell();
        if (depth_ == 3 && in_row_) end_row();
        if (depth_ == 2) in_sheet_data_ = false;
        --depth_;
    }

    void capture(std::string* text) {
        text_ = text;
        text_depth_ = depth_;
    }

    void start_row(const XML_Char* r) {
        // Row and cell positions may be omitted; they then follow the previous one.
        int row_index = next_row_;
        if (r != nullptr) {
            const auto number = row_number(r);
            if (!number) decoder_.fail_at("row " + std::string(r), "row number out of range (1 to 1048576)");
            row_index = *number - 1;
        } else if (row_index >= kMaxRows) {
            decoder_.fail_at("row " + std::to_string(row_index + 1), "row number out of range (1 to 1048576)");
        }
        next_row_ = row_index + 1;
        next_column_ = 0;
        row_.index = row_index;
        row_.cells.clear();
        row_.fills.clear();
    }

    void start_cell(const XML_Char** attributes) {
        cell_ = CellXml{};
        const XML_Char* r = attribute(attributes, "r");
        if (const XML_Char* t = attribute(attributes, "t")) cell_.type = t;
        if (const XML_Char* s = attribute(attributes, "s")) {
            cell_.style = static_cast<unsigned>(std::strtoul(s, nullptr, 10));
        }
        position_ = CellPosition{row_.index, next_column_};
        if (r != nullptr && *r != '\0') {
            cell_.reference = r;
            const auto parsed = parse_reference(cell_.reference);
            if (!parsed || parsed->row != row_.index) decoder_.fail(cell_.reference, "bad cell reference");
            position_ = *parsed;
        } else {
            cell_.reference = "R" + std::to_string(row_.index + 1) + "C" + std::to_string(next_column_ + 1);
        }
        if (position_.column >= kMaxColumns) decoder_.fail(cell_.reference, "column out of range (A to XFD)");
        next_column_ = position_.column + 1;
    }

    void end_cell() {
        auto& cells = row_.cells;
        if (cells.size() <= static_cast<std::size_t>(position_.column)) {
            package_.charge((position_.column + 1 - cells.size()) * sizeof(Cell),
                            "sheet \"" + decoder_.sheet_name() + "\" cell " + cell_.reference);
            cells.resize(position_.column + 1);
        }
        cells[position_.column] = decoder_.decode(cell_);
        if (cell_.style && *cell_.style < fill_by_style_.size() && !fill_by_style_[*cell_.style].empty()) {
            row_.fills.emplace_back(position_.column, fill_by_style_[*cell_.style]);
        }
        in_cell_ = false;
    }

    void end_row() {
        on_row_(row_);
        in_row_ = false;
    }

    const ZipPackage& package_;
    const CellDecoder& decoder_;
    const std::vector<std::string>& fill_by_style_;
    OnRow on_row_;
    XML_Parser parser_ = nullptr;
    std::exception_ptr failure_;

    int depth_ = 0;
    bool in_worksheet_ = false;
    bool in_sheet_data_ = false;
    bool sheet_data_seen_ = false;
    bool in_row_ = false;
    bool in_cell_ = false;
    bool in_inline_ = false;
    bool in_run_ = false;
    bool run_text_taken_ = false;
    std::string* text_ = nullptr;  // where the character data of the element at text_depth_ goes
    int text_depth_ = -1;

    int next_row_ = 0;
    int next_column_ = 0;
    CellPosition position_;
    SheetRow row_;
    CellXml cell_;
};

// The parts every sheet of a book is read with.
struct BookParts {
    std::string workbook;  // its member name
    std::unique_ptr<XmlPart> workbook_part;
    std::unordered_map<std::string, Relationship> relationships;
    std::vector<std::string> shared_strings;
    std::vector<std::string> fill_by_style;
};

BookParts read_book_parts(const ZipPackage& package) {
    BookParts parts;
    parts.workbook = workbook_member(package);
    parts.workbook_part = load_part(package, parts.workbook, true);
    parts.relationships = read_relationships(package, parts.workbook);
    parts.shared_strings = read_shared_strings(package, target_of_type(parts.relationships, "sharedStrings"));
    parts.fill_by_style = read_solid_fills_by_style(package, target_of_type(parts.relationships, "styles"));
    return parts;
}

// Calls visit(name, worksheet member or nullopt for a chart sheet) for each sheet in workbook order, until it
// returns false.
template <typename Visit>
void for_each_sheet(const ZipPackage& package, const BookParts& parts, Visit visit) {
    const pugi::xml_node sheets = child_named(child_named(parts.workbook_part->document, "workbook"), "sheets");
    bool more = true;
    for_each_child_named(sheets, "sheet", [&](const pugi::xml_node& sheet) {
        if (!more) return;
        const std::string name = sheet.attribute("name").value();
        const auto rel = parts.relationships.find(relationship_id(sheet));
        if (rel == parts.relationships.end()) {
            throw Error(package.path(), "sheet \"" + name + "\" has no part in the package");
        }
        const bool cells = rel->second.type_suffix == "worksheet";  // chart sheets hold none
        more = visit(name, cells ? std::optional<std::string>(rel->second.target) : std::nullopt);
    });
}

SheetContents read_sheet(const ZipPackage& package, const BookParts& parts, const std::string& name,
                         const std::string& member) {
    SheetContents sheet;
    sheet.name = name;
    const CellDecoder decoder(package, name, parts.shared_strings);
    SheetRowReader reader(package, decoder, parts.fill_by_style, [&](SheetRow& row) {
        if (sheet.rows.size() <= static_cast<std::size_t>(row.index)) {
            package.charge((row.index + 1 - sheet.rows.size()) * sizeof(sheet.rows.front()),
                           "sheet \"" + name + "\" row " + std::to_string(row.index + 1));
            sheet.rows.resize(row.index + 1);
        }
        // A row listed twice adds its cells to the first listing's.
        auto& cells = sheet.rows[row.index];
        if (cells.size() < row.cells.size()) cells.resize(row.cells.size());
        for (const auto& [column, fill] : row.fills) sheet.fills[{row.index, column}] = fill;
        for (std::size_t c = 0; c < row.cells.size(); ++c) {
            if (!row.cells[c].is_empty() || c >= cells.size()) cells[c] = std::move(row.cells[c]);
        }
    });
    reader.read(member);
    return sheet;
}

}  // namespace

namespace {

// The first `max_sheets` sheets of the book, in workbook order.
WorkbookContents read_xlsx_sheets(const std::string& path, std::size_t max_sheets) {
    const ZipPackage package(path);
    const BookParts parts = read_book_parts(package);
    WorkbookContents contents;
    for_each_sheet(package, parts, [&](const std::string& name, const std::optional<std::string>& member) {
        contents.sheets.push_back(member ? read_sheet(package, parts, name, *member) : SheetContents{name, {}, {}});
        return contents.sheets.size() < max_sheets;
    });
    return contents;
}

// Allocation failures and the like become errors naming the file.
template <typename Read>
auto read_checked(const std::string& path, Read read) -> decltype(read()) {
    try {
        return read();
    } catch (const Error&) {
        throw;
    } catch (const std::bad_alloc&) {
        throw Error(path, "out of memory while reading the workbook");
    } catch (const std::exception& e) {
        throw Error(path, std::string("cannot read the workbook: ") + e.what());
    }
}

}  // namespace

WorkbookContents read_xlsx(const std::string& path) {
    return read_checked(path, [&] { return read_xlsx_sheets(path, SIZE_MAX); });
}

SheetContents read_first_xlsx_sheet(const std::string& path) {
    auto contents = read_checked(path, [&] { return read_xlsx_sheets(path, 1); });
    if (contents.sheets.empty()) throw Error(path, "the workbook has no worksheet");
    return std::move(contents.sheets.front());
}

void read_first_xlsx_sheet_rows(const std::string& path, const SheetRowHandler& on_row) {
    read_checked(path, [&] {
        const ZipPackage package(path);
        const BookParts parts = read_book_parts(package);
        bool found = false;
        for_each_sheet(package, parts, [&](const std::string& name, const std::optional<std::string>& member) {
            found = true;
            if (!member) return false;  // a chart sheet first: no rows
            const CellDecoder decoder(package, name, parts.shared_strings);
            SheetRowReader(package, decoder, parts.fill_by_style, [&](SheetRow& row) { on_row(row.index, row.cells); })
                .read(*member);
            return false;
        });
        if (!found) throw Error(path, "the workbook has no worksheet");
    });
}

}  // namespace msprobe::report
