// What the launcher's environment says of this process: a plain run, or one
// of N processes mpirun or srun started.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/launcher_environment.hpp"
#include "support/scoped_variable.hpp"

namespace {

using Values = std::vector<std::pair<std::string, std::string>>;

// Sets the variables for one section, the launcher's others unset, and restores what was there before.
class ScopedEnvironment {
public:
    explicit ScopedEnvironment(const Values& values) {
        for (const char* name : kNames) variables_.push_back(std::make_unique<ScopedVariable>(name, std::nullopt));
        for (const auto& [name, value] : values) variables_.push_back(std::make_unique<ScopedVariable>(name, value));
    }
    ~ScopedEnvironment() {
        while (!variables_.empty()) variables_.pop_back();  // last set, first restored
    }
    ScopedEnvironment(const ScopedEnvironment&) = delete;
    ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

private:
    using ScopedVariable = msprobe::testing::ScopedVariable;
    static constexpr const char* kNames[] = {"OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK", "PMI_SIZE", "PMI_RANK",
                                             "SLURM_PROCID", "SLURM_STEP_NUM_TASKS", "PMIX_RANK"};
    std::vector<std::unique_ptr<ScopedVariable>> variables_;
};

}  // namespace

TEST_CASE("launcher environment: a plain run, mpirun's, MPICH's and srun's processes, and which one this is") {
    {
        const ScopedEnvironment plain(Values{});
        CHECK_FALSE(msprobe::launcher_environment());
    }
    {
        const ScopedEnvironment mpirun(Values{{"OMPI_COMM_WORLD_SIZE", "3"}, {"OMPI_COMM_WORLD_RANK", "0"}});
        REQUIRE(msprobe::launcher_environment());
        CHECK(msprobe::launcher_environment()->count == 3);
        CHECK(msprobe::launcher_environment()->index == 0);
    }
    {
        const ScopedEnvironment hydra(Values{{"PMI_SIZE", "16"}, {"PMI_RANK", "15"}});
        CHECK(msprobe::launcher_environment()->count == 16);
        CHECK(msprobe::launcher_environment()->index == 15);
    }
    {
        const ScopedEnvironment srun(Values{{"SLURM_PROCID", "2"}, {"SLURM_STEP_NUM_TASKS", "4"}});
        CHECK(msprobe::launcher_environment()->count == 4);
        CHECK(msprobe::launcher_environment()->index == 2);
    }
    {
        // A launcher that does not say which process this is.
        const ScopedEnvironment unnumbered(Values{{"OMPI_COMM_WORLD_SIZE", "2"}});
        CHECK_FALSE(msprobe::launcher_environment()->index);
    }
    {
        // A batch script's own shell has SLURM_PROCID but started no job step: a plain run.
        const ScopedEnvironment batch(Values{{"SLURM_PROCID", "0"}});
        CHECK_FALSE(msprobe::launcher_environment());
    }
    {
        const ScopedEnvironment pmix(Values{{"PMIX_RANK", "1"}});
        REQUIRE(msprobe::launcher_environment());
        CHECK_FALSE(msprobe::launcher_environment()->count);
        CHECK(msprobe::launcher_environment()->index == 1);
    }
    {
        const ScopedEnvironment garbled(Values{{"OMPI_COMM_WORLD_SIZE", "three"}});
        CHECK_FALSE(msprobe::launcher_environment());
    }
}

TEST_CASE("launcher environment: a child given the plain run's environment is no launched process") {
    const ScopedEnvironment mpirun(
        Values{{"OMPI_COMM_WORLD_SIZE", "3"}, {"OMPI_COMM_WORLD_RANK", "1"}, {"PMIX_RANK", "1"}});
    const auto variables = msprobe::plain_run_environment();
    const auto has = [&](const std::string& prefix) {
        return std::any_of(variables.begin(), variables.end(),
                           [&](const std::string& v) { return v.rfind(prefix, 0) == 0; });
    };
    CHECK_FALSE(has("OMPI_COMM_WORLD_SIZE="));
    CHECK_FALSE(has("PMIX_RANK="));
    CHECK(has("OMPI_COMM_WORLD_RANK=1"));  // not read by itself, so kept
    if (std::getenv("PATH") != nullptr) CHECK(has(std::string("PATH=") + std::getenv("PATH")));
}
