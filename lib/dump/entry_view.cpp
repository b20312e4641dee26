#include "dump/entry_view.hpp"

#include <algorithm>

namespace msprobe::dump {

std::string_view section_key(EntrySection section) {
    switch (section) {
        case EntrySection::InputArgs: return "input_args";
        case EntrySection::InputKwargs: return "input_kwargs";
        case EntrySection::BackwardInput: return "input";
        case EntrySection::Parameters: return "parameters";
        case EntrySection::Output: return "output";
    }
    return "output";
}

std::string_view statistic_key(Statistic statistic) {
    switch (statistic) {
        case Statistic::Max: return "Max";
        case Statistic::Min: return "Min";
        case Statistic::Mean: return "Mean";
        case Statistic::Norm: return "Norm";
    }
    return "Max";
}

std::string_view entry_direction(std::string_view entry_name) {
    std::size_t end = entry_name.size();
    for (int segment = 0; segment < 2 && end > 0; ++segment) {
        const std::size_t dot = entry_name.rfind('.', end - 1);
        const std::size_t start = dot == std::string_view::npos ? 0 : dot + 1;
        const std::string_view part = entry_name.substr(start, end - start);
        if (part == "forward" || part == "backward") return part;
        if (part == "parameters_grad") return "backward";
        if (dot == std::string_view::npos) break;
        end = dot;
    }
    return {};
}

std::vector<std::int64_t> LeafView::shape() const {
    std::vector<std::int64_t> dims;
    for (const JsonView dim : json_.member("shape").items()) {
        if (const auto d = dim.integer()) dims.push_back(*d);
    }
    return dims;
}

bool EntryView::has_sections() const {
    return std::any_of(std::begin(kEntrySections), std::end(kEntrySections),
                       [&](EntrySection s) { return section(s).present(); });
}

std::vector<EntryView> data_entries(JsonView dump_root) {
    std::vector<EntryView> entries;
    const JsonView data = dump_root.member("data");
    entries.reserve(data.is_object() ? data.size() : 0);
    for (const JsonMember& member : data.members()) entries.emplace_back(member);
    return entries;
}

}  // namespace msprobe::dump
