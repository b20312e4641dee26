#include "report/xlsx_package_parts.hpp"

#include <fmt/format.h>

#include <ctime>

namespace msprobe::report {

namespace {

constexpr const char* kXmlDeclaration = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n";
constexpr const char* kRelationshipsNamespace = "http://schemas.openxmlformats.org/package/2006/relationships";
constexpr const char* kDocumentRelationship = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

std::string content_types(std::size_t sheet_count) {
    std::string xml = kXmlDeclaration;
    xml +=
        "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
        "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
        "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
        "<Override PartName=\"/docProps/app.xml\""
        " ContentType=\"application/vnd.openxmlformats-officedocument.extended-properties+xml\"/>"
        "<Override PartName=\"/docProps/core.xml\""
        " ContentType=\"application/vnd.openxmlformats-package.core-properties+xml\"/>"
        "<Override PartName=\"/xl/styles.xml\""
        " ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml\"/>"
        "<Override PartName=\"/xl/workbook.xml\""
        " ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/>";
    for (std::size_t i = 0; i < sheet_count; ++i) {
        xml += fmt::format(
            "<Override PartName=\"/{}\""
            " ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/>",
            worksheet_part_name(i));
    }
    xml += "</Types>";
    return xml;
}

std::string package_relationships() {
    return fmt::format(
        "{}<Relationships xmlns=\"{}\">"
        "<Relationship Id=\"rId1\" Type=\"{}/officeDocument\" Target=\"xl/workbook.xml\"/>"
        "<Relationship Id=\"rId2\" Type=\"http://schemas.openxmlformats.org/package/2006/relationships/metadata/"
        "core-properties\" Target=\"docProps/core.xml\"/>"
        "<Relationship Id=\"rId3\" Type=\"{}/extended-properties\" Target=\"docProps/app.xml\"/>"
        "</Relationships>",
        kXmlDeclaration, kRelationshipsNamespace, kDocumentRelationship, kDocumentRelationship);
}

std::string app_properties(const std::vector<std::string>& sheet_names) {
    std::string titles;
    for (const auto& name : sheet_names) titles += fmt::format("<vt:lpstr>{}</vt:lpstr>", name);
    return fmt::format(
        "{}<Properties xmlns=\"http://schemas.openxmlformats.org/officeDocument/2006/extended-properties\""
        " xmlns:vt=\"http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes\">"
        "<Application>Microsoft Excel</Application><DocSecurity>0</DocSecurity><ScaleCrop>false</ScaleCrop>"
        "<HeadingPairs><vt:vector size=\"2\" baseType=\"variant\"><vt:variant><vt:lpstr>Worksheets</vt:lpstr>"
        "</vt:variant><vt:variant><vt:i4>{}</vt:i4></vt:variant></vt:vector></HeadingPairs>"
        "<TitlesOfParts><vt:vector size=\"{}\" baseType=\"lpstr\">{}</vt:vector></TitlesOfParts>"
        "<LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc>"
        "<HyperlinksChanged>false</HyperlinksChanged><AppVersion>12.0000</AppVersion></Properties>",
        kXmlDeclaration, sheet_names.size(), sheet_names.size(), titles);
}

std::string core_properties() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return fmt::format(
        "{}<cp:coreProperties"
        " xmlns:cp=\"http://schemas.openxmlformats.org/package/2006/metadata/core-properties\""
        " xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:dcterms=\"http://purl.org/dc/terms/\""
        " xmlns:dcmitype=\"http://purl.org/dc/dcmitype/\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">"
        "<dc:creator></dc:creator><cp:lastModifiedBy></cp:lastModifiedBy>"
        "<dcterms:created xsi:type=\"dcterms:W3CDTF\">{}</dcterms:created>"
        "<dcterms:modified xsi:type=\"dcterms:W3CDTF\">{}</dcterms:modified></cp:coreProperties>",
        kXmlDeclaration, stamp, stamp);
}

std::string workbook(const std::vector<std::string>& sheet_names) {
    std::string sheets;
    for (std::size_t i = 0; i < sheet_names.size(); ++i) {
        sheets += fmt::format("<sheet name=\"{}\" sheetId=\"{}\" r:id=\"rId{}\"/>", sheet_names[i], i + 1, i + 1);
    }
    return fmt::format(
        "{}<workbook xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" xmlns:r=\"{}\">"
        "<workbookPr/><bookViews><workbookView xWindow=\"240\" yWindow=\"15\" windowWidth=\"16095\""
        " windowHeight=\"9660\"/></bookViews><sheets>{}</sheets><calcPr calcId=\"124519\" fullCalcOnLoad=\"1\"/>"
        "</workbook>",
        kXmlDeclaration, kDocumentRelationship, sheets);
}

// Sheets take rId1..rIdN, styles the next id.
std::string workbook_relationships(std::size_t sheet_count) {
    std::string relationships;
    for (std::size_t i = 0; i < sheet_count; ++i) {
        relationships +=
            fmt::format("<Relationship Id=\"rId{}\" Type=\"{}/worksheet\" Target=\"worksheets/sheet{}.xml\"/>", i + 1,
                        kDocumentRelationship, i + 1);
    }
    relationships += fmt::format("<Relationship Id=\"rId{}\" Type=\"{}/styles\" Target=\"styles.xml\"/>",
                                 sheet_count + 1, kDocumentRelationship);
    return fmt::format("{}<Relationships xmlns=\"{}\">{}</Relationships>", kXmlDeclaration, kRelationshipsNamespace,
                       relationships);
}

std::string solid_fill(const char* argb, FillSpelling fills) {
    const std::string background =
        fills == FillSpelling::Msprobe ? fmt::format("<bgColor rgb=\"{}\"/>", argb) : "<bgColor indexed=\"64\"/>";
    return fmt::format("<fill><patternFill patternType=\"solid\"><fgColor rgb=\"{}\"/>{}</patternFill></fill>", argb,
                       background);
}

// The cellXfs entries follow the CellStyle enumeration.
std::string styles(FillSpelling fills) {
    std::string xml = kXmlDeclaration;
    xml +=
        "<styleSheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\">"
        "<fonts count=\"2\">"
        "<font><sz val=\"11\"/><name val=\"Calibri\"/><family val=\"2\"/></font>"
        "<font><b/><sz val=\"11\"/><name val=\"Calibri\"/><family val=\"2\"/></font>"
        "</fonts>"
        "<fills count=\"4\">"
        "<fill><patternFill patternType=\"none\"/></fill>"
        "<fill><patternFill patternType=\"gray125\"/></fill>";
    xml += solid_fill("FFFF0000", fills);
    // msprobe's yellow is a 6-digit colour, which openpyxl stores with alpha 00 (docs/compatibility.md row 98).
    xml += solid_fill(fills == FillSpelling::Msprobe ? "00FFFF00" : "FFFFFF00", fills);
    xml +=
        "</fills>"
        "<borders count=\"2\">"
        "<border><left/><right/><top/><bottom/><diagonal/></border>"
        "<border><left style=\"thin\"><color auto=\"1\"/></left><right style=\"thin\"><color auto=\"1\"/></right>"
        "<top style=\"thin\"><color auto=\"1\"/></top><bottom style=\"thin\"><color auto=\"1\"/></bottom>"
        "<diagonal/></border>"
        "</borders>"
        "<cellStyleXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\"/></cellStyleXfs>"
        "<cellXfs count=\"4\">"
        "<xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\"/>"
        "<xf numFmtId=\"0\" fontId=\"1\" fillId=\"0\" borderId=\"1\" xfId=\"0\" applyFont=\"1\" applyBorder=\"1\""
        " applyAlignment=\"1\"><alignment horizontal=\"center\" vertical=\"top\"/></xf>"
        "<xf numFmtId=\"0\" fontId=\"0\" fillId=\"2\" borderId=\"0\" xfId=\"0\" applyFill=\"1\"/>"
        "<xf numFmtId=\"0\" fontId=\"0\" fillId=\"3\" borderId=\"0\" xfId=\"0\" applyFill=\"1\"/>"
        "</cellXfs>"
        "<cellStyles count=\"1\"><cellStyle name=\"Normal\" xfId=\"0\" builtinId=\"0\"/></cellStyles>"
        "<dxfs count=\"0\"/><tableStyles count=\"0\" defaultTableStyle=\"TableStyleMedium9\""
        " defaultPivotStyle=\"PivotStyleLight16\"/>"
        "</styleSheet>";
    return xml;
}

}  // namespace

std::string worksheet_part_name(std::size_t index) { return fmt::format("xl/worksheets/sheet{}.xml", index + 1); }

std::vector<PackagePart> package_parts(const std::vector<std::string>& sheet_names, FillSpelling fills) {
    return {
        {"[Content_Types].xml", content_types(sheet_names.size())},
        {"_rels/.rels", package_relationships()},
        {"docProps/app.xml", app_properties(sheet_names)},
        {"docProps/core.xml", core_properties()},
        {"xl/workbook.xml", workbook(sheet_names)},
        {"xl/_rels/workbook.xml.rels", workbook_relationships(sheet_names.size())},
        {"xl/styles.xml", styles(fills)},
    };
}

}  // namespace msprobe::report
