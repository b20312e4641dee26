#include "dump/tensor_stats_stream.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <type_traits>
#include <variant>

#include "dump/entry_stream_walker.hpp"
#include "dump/json_number.hpp"

namespace msprobe::dump {

namespace {

constexpr std::array<std::string_view, 4> kStatNames{"Max", "Min", "Mean", "Norm"};

// A scalar event's value, as a statistic and as Python's truthiness.
struct Scalar {
    StatValue stat;
    bool truthy = false;
};

Scalar number_scalar(std::string_view text) {
    return std::visit(
        [](auto number) {
            using T = decltype(number);
            if constexpr (std::is_same_v<T, double>) {
                return Scalar{StatValue::of_number(number), number != 0 || std::isnan(number)};
            } else if constexpr (std::is_same_v<T, std::uint64_t>) {
                return Scalar{StatValue::of_number(static_cast<double>(number)), number != 0};
            } else {
                return Scalar{StatValue::of_integer(static_cast<std::int64_t>(number)), number != 0};
            }
        },
        parse_json_number(text));
}

// Follows one entry's value event by event and keeps, per the entry's plan,
// the type, dtype and statistics of each tensor its members place.
class TensorStatsConsumer {
public:
    TensorStatsConsumer(const TensorStatsPlanner& plan, const TensorStatsHandler& on_entry)
        : planner_(plan), on_entry_(on_entry) {}

    void begin(std::uint32_t index, std::string_view name, bool hand_on) {
        plan_ = nullptr;  // stays so when the planner throws
        plan_ = hand_on ? planner_(index, name) : nullptr;
        flags_.assign(plan_ ? plan_->flags.size() : 0, 0);
    }
    bool complete() const { return complete_; }
    const std::optional<std::string>& repeated_name() const { return repeated_; }
    void hand_on(std::uint32_t index, std::string_view name) {
        if (!plan_) return;
        // Slots without a tensor (a name whose last value held none) are passed over; swaps keep the strings' memory.
        std::size_t n = 0;
        for (std::size_t i = 0; i < count_; ++i) {
            if (!found_[i]) continue;
            if (i != n) std::swap(tensors_[n], tensors_[i]);
            ++n;
        }
        const EntryTensorStats entry{is_object_, std::span<const TensorStats>(tensors_.data(), n), flags_};
        on_entry_(index, name, entry);
    }
    void reset() {
        depth_ = 0;
        complete_ = false;
        is_object_ = false;
        repeated_.reset();
        names_.clear();
        count_ = 0;
        role_ = Role::Other;
        list_active_ = param_group_active_ = param_list_active_ = false;
        tensor_depth_ = 0;
    }

    bool Null() { return scalar(Scalar{}); }
    bool Bool(bool v) { return scalar(Scalar{StatValue::of_bool(v), v}); }
    bool Int(int v) { return scalar(Scalar{StatValue::of_integer(v), v != 0}); }
    bool Uint(unsigned v) { return scalar(Scalar{StatValue::of_integer(v), v != 0}); }
    bool Int64(std::int64_t v) { return scalar(Scalar{StatValue::of_integer(v), v != 0}); }
    bool Uint64(std::uint64_t v) { return scalar(Scalar{StatValue::of_number(static_cast<double>(v)), v != 0}); }
    bool Double(double v) { return scalar(Scalar{StatValue::of_number(v), v != 0 || std::isnan(v)}); }
    bool RawNumber(const char* text, rapidjson::SizeType length, bool) {
        if (!wants_scalar()) return scalar_skipped();
        return scalar(number_scalar(std::string_view(text, length)));
    }
    bool String(const char* text, rapidjson::SizeType length, bool) {
        if (!wants_scalar()) return scalar_skipped();
        const std::string_view value(text, length);
        if (tensor_depth_ != 0 && depth_ == tensor_depth_ && (field_ == Field::Type || field_ == Field::Dtype)) {
            (field_ == Field::Type ? current().type : current().dtype).assign(value);
            return scalar_skipped();
        }
        return scalar(Scalar{StatValue::of_text(std::string(value)), !value.empty()});
    }
    bool Key(const char* text, rapidjson::SizeType length, bool) {
        const std::string_view key(text, length);
        if (depth_ == 1) {
            names_.emplace_back(key);
            role_for(key);
        } else if (param_group_active_ && depth_ == param_key_depth_) {
            param_slot_for(key);
        }
        if (tensor_depth_ != 0 && depth_ == tensor_depth_) field_for(key);
        return true;
    }
    bool StartObject() {
        value_starts(Kind::Object);
        ++depth_;
        return true;
    }
    bool EndObject(rapidjson::SizeType members) {
        --depth_;
        if (tensor_depth_ != 0 && depth_ == tensor_depth_ - 1) tensor_depth_ = 0;
        container_ends(members);
        if (depth_ == 0) {
            complete_ = true;
            if (names_.size() > 1) check_names();
        }
        return true;
    }
    bool StartArray() {
        value_starts(Kind::Array);
        if (depth_ == 1 && role_ == Role::List) {
            list_active_ = true;
            list_count_ = 0;
        } else if (param_group_active_ && depth_ == param_key_depth_ && param_ != kNoParam) {
            param_list_active_ = true;
            param_items_ = 0;
        }
        ++depth_;
        return true;
    }
    bool EndArray(rapidjson::SizeType elements) {
        --depth_;
        container_ends(elements);
        if (depth_ == 0) complete_ = true;
        return true;
    }

private:
    enum class Role : std::uint8_t { Other, List, Named, Flag };
    enum class Field : std::uint8_t { Other, Type, Dtype, Stat };
    static constexpr std::size_t kNoParam = static_cast<std::size_t>(-1);

    enum class Kind : std::uint8_t { Scalar, Object, Array };

    TensorStats& current() { return tensors_[current_]; }

    // Whether a scalar at this point is kept (a tensor's field, a flag, or the entry itself being one).
    bool wants_scalar() const {
        return (tensor_depth_ != 0 && depth_ == tensor_depth_) || (depth_ == 1 && role_ == Role::Flag) || depth_ == 0;
    }
    bool scalar_skipped() {
        value_starts(Kind::Scalar);
        if (depth_ == 0) complete_ = true;
        return true;
    }

    bool scalar(Scalar value) {
        if (tensor_depth_ != 0 && depth_ == tensor_depth_ && field_ == Field::Stat) {
            current().stats[stat_] = std::move(value.stat);
        } else if (depth_ == 1 && role_ == Role::Flag) {
            flags_[flag_] = value.truthy ? 1 : 0;
        }
        return scalar_skipped();
    }

    // A value begins at depth_: the entry itself, a tensor's field, an item of a List member or of a name's list,
    // a Named member's object or a flag.
    void value_starts(Kind kind) {
        const bool object = kind == Kind::Object;
        if (depth_ == 0) {
            is_object_ = object;
            return;
        }
        if (tensor_depth_ != 0 && depth_ == tensor_depth_) {
            // A container where a statistic is wanted is None to msprobe (type and dtype were cleared at the key).
            if (kind != Kind::Scalar && field_ == Field::Stat) current().stats[stat_] = StatValue::null();
            return;
        }
        if (list_active_ && depth_ == 2) {
            const std::uint32_t position = list_count_++;
            if (object) begin_tensor(append_slot(member_, position, {}));
            return;
        }
        if (param_list_active_ && depth_ == param_key_depth_ + 1) {
            if (param_items_++ == 0 && object) begin_tensor(param_);
            return;
        }
        if (depth_ == 1 && role_ == Role::Named && object) {
            param_group_active_ = true;
            param_key_depth_ = 2;
            group_start_ = count_;
            param_ = kNoParam;
        }
    }

    void container_ends(rapidjson::SizeType count) {
        if (depth_ == 1) {
            if (role_ == Role::Flag) flags_[flag_] = count > 0 ? 1 : 0;
            list_active_ = false;
            if (role_ == Role::Named) param_group_active_ = false;
        }
        if (param_list_active_ && depth_ == param_key_depth_) param_list_active_ = false;
    }

    void role_for(std::string_view key) {
        role_ = Role::Other;
        list_active_ = param_list_active_ = false;
        if (!plan_) return;
        for (std::size_t i = 0; i < plan_->flags.size(); ++i) {
            if (plan_->flags[i] == key) {
                role_ = Role::Flag;
                flag_ = i;
                return;
            }
        }
        if (plan_->entry_named) {
            if (!param_group_active_) {
                param_group_active_ = true;
                param_key_depth_ = 1;
                group_start_ = count_;
                member_ = 0;
            }
            param_slot_for(key);
            return;
        }
        for (std::size_t i = 0; i < plan_->members.size(); ++i) {
            if (plan_->members[i].name == key) {
                member_ = static_cast<std::uint32_t>(i);
                role_ = plan_->members[i].form == TensorStatsPlan::Form::List ? Role::List : Role::Named;
                return;
            }
        }
    }

    // A name of a Named member (or of a named entry): its slot, the earlier one when the name came before.
    void param_slot_for(std::string_view key) {
        param_list_active_ = false;
        for (std::size_t i = group_start_; i < count_; ++i) {
            if (tensors_[i].name == key) {
                found_[i] = 0;
                param_ = i;
                return;
            }
        }
        param_ = append_slot(member_, 0, key);
    }

    std::size_t append_slot(std::uint32_t member, std::uint32_t position, std::string_view name) {
        if (count_ == tensors_.size()) {
            tensors_.emplace_back();
            found_.push_back(0);
        }
        TensorStats& slot = tensors_[count_];
        found_[count_] = 0;
        slot.member = member;
        slot.position = position;
        slot.name.assign(name);
        return count_++;
    }

    void begin_tensor(std::size_t slot) {
        found_[slot] = 1;
        TensorStats& s = tensors_[slot];
        s.type.clear();
        s.dtype.clear();
        s.stats.fill(StatValue::null());
        current_ = slot;
        tensor_depth_ = depth_ + 1;
        field_ = Field::Other;
    }

    void field_for(std::string_view key) {
        field_ = Field::Other;
        if (key == "type") {
            field_ = Field::Type;
            current().type.clear();
            return;
        }
        if (key == "dtype") {
            field_ = Field::Dtype;
            current().dtype.clear();
            return;
        }
        for (std::size_t i = 0; i < kStatNames.size(); ++i) {
            if (kStatNames[i] == key) {
                field_ = Field::Stat;
                stat_ = i;
                return;
            }
        }
    }

    void check_names() {
        views_.assign(names_.begin(), names_.end());
        if (const auto twice = dump::repeated_name(views_, scratch_)) repeated_ = std::string(*twice);
    }

    const TensorStatsPlanner& planner_;
    const TensorStatsHandler& on_entry_;
    const TensorStatsPlan* plan_ = nullptr;

    std::vector<TensorStats> tensors_;  // [0, count_) this entry's; the strings keep their memory between entries
    std::vector<std::uint8_t> found_;   // per slot: 1 when a tensor object stands where the member places one
    std::size_t count_ = 0;
    std::vector<std::uint8_t> flags_;
    std::vector<std::string> names_;  // the entry's member names
    std::vector<std::string_view> views_, scratch_;
    std::optional<std::string> repeated_;

    unsigned depth_ = 0;  // containers open in the entry's value
    bool complete_ = false;
    bool is_object_ = false;

    Role role_ = Role::Other;  // of the entry member whose value is being read
    std::uint32_t member_ = 0;
    std::size_t flag_ = 0;
    bool list_active_ = false;  // in a List member's array
    std::uint32_t list_count_ = 0;
    bool param_group_active_ = false;  // in a Named member's object, or a named entry
    unsigned param_key_depth_ = 0;     // where that object's names are
    std::size_t group_start_ = 0;      // its first slot
    std::size_t param_ = kNoParam;     // the slot of the name being read
    bool param_list_active_ = false;   // in that name's array
    std::uint32_t param_items_ = 0;

    unsigned tensor_depth_ = 0;  // where the fields of the tensor being read are; 0 outside one
    std::size_t current_ = 0;
    Field field_ = Field::Other;
    std::size_t stat_ = 0;
};

}  // namespace

DumpStreamSummary stream_dump_tensor_stats(const InputFile& file, DumpTopLevel top_level,
                                           const TensorStatsPlanner& plan, const TensorStatsHandler& on_entry,
                                           DumpStreamReading reading) {
    TensorStatsConsumer consumer(plan, on_entry);
    return walk_dump_entries(file, top_level, consumer, reading);
}

}  // namespace msprobe::dump
