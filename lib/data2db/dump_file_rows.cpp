#include "data2db/dump_file_rows.hpp"

#include <fmt/format.h>

#include <exception>
#include <iterator>
#include <unordered_map>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "data2db/trend_value.hpp"
#include "dump/tensor_stats_stream.hpp"

namespace msprobe::data2db {

namespace {

using dump::StatValue;
using dump::TensorStats;
using dump::TensorStatsPlan;

// msprobe's process_tensor_value of a JSON value.
std::optional<double> stat_value(const StatValue& value) {
    switch (value.kind) {
        case StatValue::Kind::Bool: return trend_value(value.boolean ? 1.0 : 0.0);
        case StatValue::Kind::Number: return trend_value(value.number);
        case StatValue::Kind::Text: return trend_value_of_text(value.text());
        case StatValue::Kind::Null: break;
    }
    return std::nullopt;
}

bool imported_tensor(const TensorStats& tensor) {
    const std::string_view type = tensor.type;
    if (type != "torch.Tensor" && type != "mindspore.Tensor" && type != "mindtorch.Tensor") return false;
    const std::string_view dtype = tensor.dtype;
    return dtype == "Float16" || dtype == "Float32" || dtype == "BFloat16" || dtype == "torch.float16" ||
           dtype == "torch.float32" || dtype == "torch.bfloat16";
}

// The members msprobe reads per metric, in the order it reads them; is_recompute tells recompute from forward.
const TensorStatsPlan& forward_plan() {
    static const TensorStatsPlan plan{{{"input_args", TensorStatsPlan::Form::List},
                                       {"output", TensorStatsPlan::Form::List},
                                       {"parameters", TensorStatsPlan::Form::Named}},
                                      false,
                                      {"is_recompute"}};
    return plan;
}
const TensorStatsPlan& backward_plan() {
    static const TensorStatsPlan plan{
        {{"input", TensorStatsPlan::Form::List}, {"output", TensorStatsPlan::Form::List}}, false, {}};
    return plan;
}
const TensorStatsPlan& gradient_plan() {
    static const TensorStatsPlan plan{{}, true, {}};
    return plan;
}

// The places of forward_plan's and backward_plan's members in a target's name.
constexpr std::array<std::string_view, 3> kPlaces{"input", "output", "parameters"};

class FileRows {
public:
    FileRows(DumpFileRows& out, DumpNames& names, const ConstructMicroSteps* construct,
             std::vector<DumpFileReader::ResolvedEntry>& resolved)
        : out_(out), names_(names), construct_(construct), resolved_(resolved) {
        out_.first_target = names_.target_count();
    }

    // The plan for the entry at `index`, from its name; nullptr for one msprobe passes over.
    const TensorStatsPlan* plan(std::uint32_t index, std::string_view original) {
        if (index >= resolved_.size()) resolved_.resize(index + 1);
        DumpFileReader::ResolvedEntry& resolved = resolved_[index];
        if (resolved.key != original) resolved = resolve(original);
        micro_ = resolved.micro_step;
        entry_ = resolved.entry;
        if (!entry_) return nullptr;
        switch (*entry_->metric) {
            case DumpMetric::Forward: return &forward_plan();
            case DumpMetric::Backward: return &backward_plan();
            case DumpMetric::ParametersGrad: return &gradient_plan();
            case DumpMetric::Recompute: break;
        }
        return nullptr;
    }

    void add(const dump::EntryTensorStats& entry) {
        if (!entry.is_object) return;
        if (entry_->error) std::rethrow_exception(entry_->error);  // msprobe passes over an entry that is no object
        const DumpMetric typed = *entry_->metric;
        const DumpMetric metric =
            typed == DumpMetric::Forward && !entry.flags.empty() && entry.flags[0] ? DumpMetric::Recompute : typed;
        const std::size_t before = out_.rows.size();
        // msprobe reads member by member: the tensors of each member in file order.
        const std::uint32_t members = typed == DumpMetric::ParametersGrad ? 1 : (typed == DumpMetric::Forward ? 3 : 2);
        for (std::uint32_t member = 0; member < members; ++member) {
            for (const TensorStats& tensor : entry.tensors) {
                if (tensor.member != member || !imported_tensor(tensor)) continue;
                bool added = false;
                std::uint32_t target = 0;
                if (typed == DumpMetric::ParametersGrad) {
                    target = names_.named_target(*entry_, "", tensor.name, added);
                } else if (member == 2) {
                    target = names_.named_target(*entry_, kPlaces[member], tensor.name, added);
                } else {
                    target = names_.listed_target(*entry_, member, kPlaces[member], tensor.position, added);
                }
                if (added) out_.targets.push_back({names_.made_name(), entry_->call});
                add_row(tensor, target, metric);
            }
        }
        const std::size_t since_write = out_.rows.size() - (out_.batch_ends.empty() ? 0 : out_.batch_ends.back());
        if (out_.rows.size() != before && since_write % kDumpRowsPerBatch == 0) {
            out_.batch_ends.push_back(out_.rows.size());
        }
    }

private:
    DumpFileReader::ResolvedEntry resolve(std::string_view original) {
        DumpFileReader::ResolvedEntry resolved{std::string(original), 0, nullptr};
        std::string_view key = original;
        if (construct_ && !construct_->entries.empty()) {
            const auto found = construct_->entries.find(original);
            if (found == construct_->entries.end()) return resolved;
            resolved.micro_step = found->second.micro_step;
            key = found->second.renamed;
        }
        if (key.empty()) return resolved;
        DumpNames::Entry& entry = names_.entry(key);
        if (entry.metric) resolved.entry = &entry;
        return resolved;
    }

    void add_row(const TensorStats& tensor, std::uint32_t target, DumpMetric metric) {
        DumpTrendRow row{target, metric, micro_, {}};
        // The database's order: norm, max, min, mean (the dump's: Max, Min, Mean, Norm).
        row.stats = {stat_value(tensor.stats[3]), stat_value(tensor.stats[0]), stat_value(tensor.stats[1]),
                     stat_value(tensor.stats[2])};
        out_.rows.push_back(row);
    }

    DumpFileRows& out_;
    DumpNames& names_;
    const ConstructMicroSteps* construct_;  // nullptr unless micro steps are counted
    std::vector<DumpFileReader::ResolvedEntry>& resolved_;
    DumpNames::Entry* entry_ = nullptr;
    std::int64_t micro_ = 0;
};

}  // namespace

const ConstructMicroSteps& DumpFileReader::construct(const std::filesystem::path& path) {
    std::optional<std::string> text;
    try {
        text = InputFile::open(path, InputKind::Json).read_all();
    } catch (const Error&) {
        // read_construct_micro_steps says why, as it would have
    }
    if (!text || text != construct_text_) {
        construct_text_.reset();
        resolved_.clear();
        construct_ = read_construct_micro_steps(path);
        construct_text_ = std::move(text);
    }
    return construct_;
}

DumpFileRows DumpFileReader::read(const DumpRankFiles& files) {
    DumpFileRows out;
    out.rows.reserve(last_rows_);  // the files of a run hold about as many rows each
    const ConstructMicroSteps* construct = nullptr;
    if (micro_steps_) {
        construct = &this->construct(files.construct_json);
        out.micro_steps = construct->count;
    }
    FileRows rows(out, names_, construct, resolved_);
    const auto input = InputFile::open(files.dump_json, InputKind::Json);
    const auto summary = dump::stream_dump_tensor_stats(
        input, dump::DumpTopLevel::Any,
        [&](std::uint32_t index, std::string_view name) { return rows.plan(index, name); },
        [&](std::uint32_t, std::string_view, const dump::EntryTensorStats& entry) { rows.add(entry); });
    out.has_data = summary.data == dump::DumpStreamSummary::Data::Object;
    if (out.batch_ends.empty() || out.batch_ends.back() != out.rows.size()) out.batch_ends.push_back(out.rows.size());
    last_rows_ = out.rows.size();
    return out;
}

DumpFileRows read_dump_file_rows(const DumpRankFiles& files, const NameMapping& mapping, bool micro_steps) {
    return DumpFileReader(mapping, micro_steps).read(files);
}

}  // namespace msprobe::data2db
