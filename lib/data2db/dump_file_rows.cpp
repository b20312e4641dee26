#include "data2db/dump_file_rows.hpp"

#include <fmt/format.h>

#include <unordered_map>

#include "common/input_file.hpp"
#include "data2db/construct_micro_steps.hpp"
#include "data2db/trend_value.hpp"
#include "dump/dump_entry_stream.hpp"
#include "dump/json_view.hpp"

namespace msprobe::data2db {

namespace {

using dump::JsonView;

// msprobe's process_tensor_value of a JSON value.
std::optional<double> stat_value(JsonView value) {
    if (const auto flag = value.boolean()) return trend_value(*flag ? 1.0 : 0.0);
    if (const auto number = value.number()) return trend_value(*number);
    if (const auto text = value.string()) return trend_value_of_text(*text);
    return std::nullopt;
}

bool imported_tensor(JsonView tensor) {
    const std::string_view type = tensor.member("type").text();
    if (type != "torch.Tensor" && type != "mindspore.Tensor" && type != "mindtorch.Tensor") return false;
    const std::string_view dtype = tensor.member("dtype").text();
    return dtype == "Float16" || dtype == "Float32" || dtype == "BFloat16" || dtype == "torch.float16" ||
           dtype == "torch.float32" || dtype == "torch.bfloat16";
}

struct FileReader {
    DumpFileRows& out;
    std::unordered_map<std::string, std::uint32_t> target_index;  // name '\n' call → index

    void add(JsonView tensor, const std::string& name, std::int64_t call, DumpMetric metric, std::int64_t micro) {
        std::string key = fmt::format("{}\n{}", name, call);
        auto [found, added] = target_index.try_emplace(std::move(key), static_cast<std::uint32_t>(out.targets.size()));
        if (added) out.targets.push_back({name, call});
        DumpTrendRow row{found->second, metric, micro, {}};
        static constexpr std::array<std::string_view, 4> kStats{"Norm", "Max", "Min", "Mean"};
        for (std::size_t i = 0; i < kStats.size(); ++i) row.stats[i] = stat_value(tensor.member(kStats[i]));
        out.rows.push_back(row);
    }

    // A list of tensors ("input_args", "output", …): each position counts, the tensors among them are targets.
    void add_list(JsonView list, const std::string& prefix, std::string_view place, std::int64_t call,
                  DumpMetric metric, std::int64_t micro) {
        std::size_t index = 0;
        for (const JsonView tensor : list.items()) {
            if (tensor.is_object() && imported_tensor(tensor)) {
                add(tensor, fmt::format("{}.{}.{}", prefix, place, index), call, metric, micro);
            }
            ++index;
        }
    }

    // {"weight": [tensor, …], …}: the first tensor of each name.
    void add_named(JsonView named, const std::string& prefix, std::string_view place, std::int64_t call,
                   DumpMetric metric, std::int64_t micro) {
        for (const auto& member : named.members()) {
            const JsonView first = member.value.item(0);
            if (!first.is_object() || !imported_tensor(first)) continue;
            const std::string name = place.empty() ? fmt::format("{}.{}", prefix, member.name)
                                                   : fmt::format("{}.{}.{}", prefix, place, member.name);
            add(first, name, call, metric, micro);
        }
    }
};

}  // namespace

DumpFileRows read_dump_file_rows(const DumpRankFiles& files, const NameMapping& mapping, bool micro_steps) {
    DumpFileRows out;
    ConstructMicroSteps construct;
    if (micro_steps) {
        construct = read_construct_micro_steps(files.construct_json);
        out.micro_steps = construct.count;
    }
    FileReader reader{out, {}};
    const auto input = InputFile::open(files.dump_json, InputKind::Json);
    const auto summary = dump::stream_dump_entries(
        input, dump::DumpTopLevel::Any, [&](std::uint32_t, std::string_view original, JsonView entry) {
            if (!entry.is_object()) return;
            std::string key(original);
            std::int64_t micro = 0;
            if (!construct.renamed.empty()) {
                const auto renamed = construct.renamed.find(key);
                if (renamed == construct.renamed.end()) return;
                key = renamed->second;
                micro = construct.micro_step.at(std::string(original));
            }
            if (key.empty()) return;
            auto typed = typed_dump_key(mapping.applied(std::move(key)), entry.member("is_recompute").truthy());
            if (!typed) return;
            const auto [prefix, call] = dump_target_name(std::move(typed->name));
            const std::size_t before = out.rows.size();
            switch (typed->metric) {
                case DumpMetric::Forward:
                case DumpMetric::Recompute:
                    reader.add_list(entry.member("input_args"), prefix, "input", call, typed->metric, micro);
                    reader.add_list(entry.member("output"), prefix, "output", call, typed->metric, micro);
                    reader.add_named(entry.member("parameters"), prefix, "parameters", call, typed->metric, micro);
                    break;
                case DumpMetric::Backward:
                    reader.add_list(entry.member("input"), prefix, "input", call, typed->metric, micro);
                    reader.add_list(entry.member("output"), prefix, "output", call, typed->metric, micro);
                    break;
                case DumpMetric::ParametersGrad: reader.add_named(entry, prefix, "", call, typed->metric, micro); break;
            }
            const std::size_t since_write = out.rows.size() - (out.batch_ends.empty() ? 0 : out.batch_ends.back());
            if (out.rows.size() != before && since_write % kDumpRowsPerBatch == 0) {
                out.batch_ends.push_back(out.rows.size());
            }
        });
    out.has_data = summary.data == dump::DumpStreamSummary::Data::Object;
    if (out.batch_ends.empty() || out.batch_ends.back() != out.rows.size()) out.batch_ends.push_back(out.rows.size());
    return out;
}

}  // namespace msprobe::data2db
