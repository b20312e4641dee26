#include "parse/long_file_names.hpp"

#include <set>
#include <sstream>

#include "parse/name_uuid.hpp"
#include "report/csv_writer.hpp"

namespace msprobe::parse {

std::string storable_file_name(const std::string& name) {
    if (name.size() < kMaxFileNameBytes) return name;
    const auto dot = name.rfind('.');
    return dns_uuid3_hex(name) + (dot == std::string::npos ? "" : name.substr(dot));
}

std::string merged_mapping_csv(const std::string& existing,
                               const std::vector<std::pair<std::string, std::string>>& rows) {
    std::string text = existing;
    if (!text.empty() && text.back() != '\n') text += '\n';
    std::set<std::string> lines;
    std::istringstream in(existing);
    for (std::string line; std::getline(in, line);) lines.insert(line);
    for (const auto& [short_name, long_name] : rows) {
        // A dump's name is the user's: quoted and formula-guarded as every CSV cell we write.
        std::string line;
        report::append_csv_field(line, short_name, report::FormulaCells::Guarded);
        line += ',';
        report::append_csv_field(line, long_name, report::FormulaCells::Guarded);
        if (lines.insert(line).second) text += line + '\n';
    }
    return text;
}

}  // namespace msprobe::parse
