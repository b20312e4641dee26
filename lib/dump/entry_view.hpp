#pragma once
// One entry of a dump.json's `data` ("Functional.relu.0.forward": {...}) seen
// through typed accessors: its name and direction, its sections, and the
// leaves (tensor or scalar records) inside them. Zero-copy: names and texts
// are string_views into the parsed file, which must outlive the views.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "dump/json_view.hpp"

namespace msprobe::dump {

// The sections of an entry, in the order msprobe writes them.
enum class EntrySection : std::uint8_t { InputArgs, InputKwargs, BackwardInput, Parameters, Output };

inline constexpr EntrySection kEntrySections[] = {EntrySection::InputArgs, EntrySection::InputKwargs,
                                                  EntrySection::BackwardInput, EntrySection::Parameters,
                                                  EntrySection::Output};

// "input_args", "input_kwargs", "input", "parameters", "output".
std::string_view section_key(EntrySection section);

// A section holds positional leaves (a list) or keyword leaves (a dict).
inline bool is_keyword_section(EntrySection section) {
    return section == EntrySection::InputKwargs || section == EntrySection::Parameters;
}

inline bool is_input_section(EntrySection section) { return section != EntrySection::Output; }

// "forward", "backward" (a module's parameters_grad counts as backward) or ""
// from an entry name: APIs end in .forward/.backward, modules carry it before
// the call index.
std::string_view entry_direction(std::string_view entry_name);

enum class Statistic : std::uint8_t { Max, Min, Mean, Norm };

std::string_view statistic_key(Statistic statistic);  // "Max", "Min", "Mean", "Norm"

// One record of a section: a tensor ({"type": "torch.Tensor", "dtype", "shape",
// "Max", ..., "data_name"}) or a scalar ({"type": "int", "value": 3}).
class LeafView {
public:
    LeafView() = default;
    explicit LeafView(JsonView json) : json_(json) {}

    JsonView json() const { return json_; }
    bool is_record() const { return json_.is_object(); }

    std::optional<std::string_view> type() const { return json_.member("type").string(); }
    std::optional<std::string_view> dtype() const { return json_.member("dtype").string(); }
    // The integer dimensions of "shape" (other items skipped); empty when absent.
    std::vector<std::int64_t> shape() const;
    // A statistic as the dump wrote it: a number, a string, null, or absent.
    JsonView statistic(Statistic s) const { return json_.member(statistic_key(s)); }
    std::optional<bool> requires_grad() const { return json_.member("requires_grad").boolean(); }
    std::optional<std::string_view> data_name() const { return json_.member("data_name").string(); }
    // A scalar record's value ("value"), or a communication argument's.
    JsonView value() const { return json_.member("value"); }

private:
    JsonView json_;
};

class EntryView {
public:
    EntryView(std::string_view name, JsonView json) : name_(name), json_(json) {}
    explicit EntryView(const JsonMember& member) : EntryView(member.name, member.value) {}

    std::string_view name() const { return name_; }
    std::string_view direction() const { return entry_direction(name_); }
    JsonView json() const { return json_; }

    // A section as written (list, dict or anything else); empty when absent.
    JsonView section(EntrySection s) const { return json_.member(section_key(s)); }
    JsonView input_args() const { return section(EntrySection::InputArgs); }
    JsonView input_kwargs() const { return section(EntrySection::InputKwargs); }
    JsonView backward_input() const { return section(EntrySection::BackwardInput); }
    JsonView parameters() const { return section(EntrySection::Parameters); }
    JsonView output() const { return section(EntrySection::Output); }

    // Whether any of the five sections is present. A module's parameters_grad
    // entry has none: its members are the gradients, read as its outputs.
    bool has_sections() const;

private:
    std::string_view name_;
    JsonView json_;
};

// The entries of a dump.json's "data" in file order (empty when it has none or it is not an object).
std::vector<EntryView> data_entries(JsonView dump_root);

}  // namespace msprobe::dump
