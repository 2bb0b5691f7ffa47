// dcconf bench's engine (see bench_run.hpp): rows through a Backend, paired with memcpy; the table and bench.json.
#include "bench_run.hpp"

#include <algorithm>
#include <atomic>
#include <barrier>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <ostream>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "dcconf/backends/children.hpp"
#include "dcconf/backends/fast_simd.hpp"
#include "dcconf/report/report.hpp"

namespace dcconf::bench {
namespace {

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

// Three significant digits, so a slow backend still shows a number ("0.0412").
std::string threeDigits(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, value >= 100 ? "%.0f" : "%.3g", value);
  return buffer;
}

// threads workers, the caller being worker 0, that run one job each per round: run() returns when all have done theirs.
class Crew {
 public:
  explicit Crew(std::uint32_t threads) : start_(threads), done_(threads) {
    for (std::uint32_t w = 1; w < threads; ++w) workers_.emplace_back([this, w] { loop(w); });
  }
  ~Crew() {
    stop_ = true;
    start_.arrive_and_wait();
    for (std::thread& t : workers_) t.join();
  }
  Crew(const Crew&) = delete;
  Crew& operator=(const Crew&) = delete;

  void run(const std::function<void(std::uint32_t worker)>& job) {
    job_ = &job;
    start_.arrive_and_wait();
    job(0);
    done_.arrive_and_wait();
  }

 private:
  void loop(std::uint32_t worker) {
    for (;;) {
      start_.arrive_and_wait();
      if (stop_) return;
      (*job_)(worker);
      done_.arrive_and_wait();
    }
  }

  std::barrier<> start_;
  std::barrier<> done_;
  std::atomic<bool> stop_{false};
  const std::function<void(std::uint32_t)>* job_ = nullptr;
  std::vector<std::thread> workers_;
};

}  // namespace

std::vector<BenchRow> runBench(backends::Backend& backend, const BenchOptions& options, std::ostream& /*err*/) {
  const std::regex filter(options.filter.empty() ? std::string(".*") : options.filter);
  const bool capped = backend.name() == "oracle";
  std::vector<BenchRow> rows;
  std::uint64_t selected = 0;  // rows the filter keeps: the progress total
  for (const std::uint64_t size : options.sizes) {
    for (const BenchCase& benchCase : benchCases()) {
      selected += std::regex_search(label(benchCase) + "/" + sizeLabel(size), filter) ? 1 : 0;
    }
  }
  // On a terminal, stderr shows rows done / total, failures so far, elapsed and ETA; off one, a line per row.
  report::Progress progress("bench", selected, selected, report::Progress::enabledByDefault(), std::chrono::milliseconds(0));
  const auto rowDone = [&](const BenchRow& row) {
    progress.unitDone(1, row.status != "ok" && row.status != "skipped");
  };
  for (const std::uint64_t size : options.sizes) {
    for (const BenchCase& benchCase : benchCases()) {
      if (backends::stopping()) return rows;  // SIGINT/SIGTERM: the caller writes nothing
      const std::string rowLabel = label(benchCase) + "/" + sizeLabel(size);
      if (!std::regex_search(rowLabel, filter)) continue;
      const std::uint32_t threads = std::max<std::uint32_t>(options.threads, 1);
      const std::uint64_t share = size / threads;  // each thread's target size
      BenchRow row;
      row.name = benchCase.name;
      row.dtype = oracle::name(benchCase.dtype);
      row.dtypeBytes = oracle::sizeBytes(benchCase.dtype);
      row.sizeBytes = size;
      if ((capped && size > kOracleMaxBytes) || share < kMinBytes) {
        row.status = "skipped";
        row.detail = share < kMinBytes ? "under " + sizeLabel(kMinBytes) + " per thread"
                                       : "the oracle is benchmarked up to " + sizeLabel(kOracleMaxBytes);
        rowDone(row);
        rows.push_back(std::move(row));
        continue;
      }
      std::vector<BenchInstance> instances;
      for (std::uint32_t t = 0; t < threads; ++t) instances.push_back(benchCase.build(benchCase.dtype, share));
      row.path = pathOf(instances.front());
      for (const BenchInstance& instance : instances) row.payloadBytes += instance.payloadBytes;
      const backends::RunResult first = backend.run(instances[0].c, instances[0].src, instances[0].dst);
      if (first.status != backends::RunStatus::ok) {
        // A path the backend does not implement (yet) is skipped, with its answer as the reason; the other answers
        // (rejected, crashed, ...) are the row's status.
        const bool skipped = first.status == backends::RunStatus::notSupported;
        row.status = skipped ? "skipped" : std::string(backends::name(first.status));
        row.detail = skipped ? "not-supported: " + first.detail : first.detail;
        rowDone(row);
        rows.push_back(std::move(row));
        continue;
      }
      // Each repetition times the memcpy of the same payload right before the backend, so that a change of load on
      // a shared machine moves both; the ratio is the median of the pairs' ratios. With threads, each thread copies
      // its own share in both.
      std::vector<std::vector<std::uint8_t>> from, to;
      for (const BenchInstance& instance : instances) {
        from.emplace_back(instance.payloadBytes, 0x5A);
        to.emplace_back(instance.payloadBytes, 0);
      }
      const auto memcpyShare = [&](std::uint32_t t) { std::memcpy(to[t].data(), from[t].data(), to[t].size()); };
      const auto backendShare = [&](std::uint32_t t) {
        BenchInstance& instance = instances[t];
        backend.run(instance.c, instance.src, instance.dst);
      };
      std::optional<Crew> crew;
      if (threads > 1) crew.emplace(threads);
      const auto timed = [&](const std::function<void(std::uint32_t)>& job) {
        if (!crew) return bytesPerSecond([&] { job(0); }, row.payloadBytes, options.minSeconds);
        return bytesPerSecond([&] { crew->run(job); }, row.payloadBytes, options.minSeconds);
      };
      std::vector<double> memcpyRates, backendRates, ratios;
      for (std::uint32_t r = 0; r < std::max<std::uint32_t>(options.repetitions, 1); ++r) {
        memcpyRates.push_back(timed(memcpyShare));
        backendRates.push_back(timed(backendShare));
        ratios.push_back(backendRates.back() / memcpyRates.back());
      }
      row.memcpyBytesPerSecond = median(memcpyRates);
      row.backendBytesPerSecond = median(backendRates);
      row.ratio = median(ratios);
      rowDone(row);
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

MachineInfo machineInfo() {
  MachineInfo info;
  info.cores = std::thread::hardware_concurrency();
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line) && (info.cpu.empty() || info.cpuFlags.empty());) {
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    const std::string value = line.substr(std::min(line.size(), colon + 2));
    if (line.rfind("model name", 0) == 0 && info.cpu.empty()) info.cpu = value;
    if (line.rfind("flags", 0) != 0 || !info.cpuFlags.empty()) continue;
    std::istringstream flags(value);
    for (std::string flag; flags >> flag;) {
      static const std::vector<std::string> kSimd{"sse4_2", "avx", "avx2", "fma", "f16c", "avx512f",
                                                   "avx512bw", "avx512vl", "avx512dq", "avx512_bf16", "avx512_fp16"};
      if (std::find(kSimd.begin(), kSimd.end(), flag) != kSimd.end()) info.cpuFlags.push_back(flag);
    }
  }
  info.simd = backends::fastSimdTarget();
  std::ifstream loadavg("/proc/loadavg");
  std::string one, five, fifteen;
  if (loadavg >> one >> five >> fifteen) info.loadAverage = one + " " + five + " " + fifteen;
  return info;
}

std::string tableText(const std::vector<BenchRow>& rows, const std::string& backendName, const MachineInfo& machine,
                      std::uint32_t threads) {
  const std::string rateHeader = backendName + " GB/s";
  const int rateWidth = static_cast<int>(std::max<std::size_t>(rateHeader.size(), 10));
  std::ostringstream out;
  out << "machine: " << machine.cpu << ", " << machine.cores << " cores, fast SIMD " << machine.simd << ", load average "
      << machine.loadAverage << ", threads " << threads << '\n';
  char line[512];
  std::snprintf(line, sizeof line, "%-20s %-11s %-8s %5s %*s %11s %7s  %s\n", "case", "path", "dtype", "size",
                rateWidth, rateHeader.c_str(), "memcpy GB/s", "ratio", "status");
  out << line;
  for (const BenchRow& row : rows) {
    const bool ok = row.status == "ok";
    const std::string status = ok ? "ok" : row.status + (row.detail.empty() ? "" : ": " + row.detail);
    std::snprintf(line, sizeof line, "%-20s %-11s %-8s %5s %*s %11s %7s  %s\n", row.name.c_str(), row.path.c_str(),
                  row.dtype.c_str(), sizeLabel(row.sizeBytes).c_str(), rateWidth,
                  ok ? threeDigits(row.backendBytesPerSecond / 1e9).c_str() : "-",
                  ok ? threeDigits(row.memcpyBytesPerSecond / 1e9).c_str() : "-",
                  ok ? threeDigits(row.ratio).c_str() : "-", status.c_str());
    out << line;
  }
  return out.str();
}

std::string jsonText(const std::vector<BenchRow>& rows, const BenchOptions& options, const backends::Backend& backend,
                     const MachineInfo& machine) {
  nlohmann::json json;
  json["schema"] = "dcconf.bench/1";
  json["date"] = report::isoNowUtc();
  json["backend"] = {{"spec", options.backendSpec}, {"name", backend.name()}, {"version", backend.version()}};
  json["machine"] = {{"cpu", machine.cpu},           {"cores", machine.cores}, {"loadAverage", machine.loadAverage},
                     {"cpuFlags", machine.cpuFlags}, {"fastSimd", machine.simd}};
  json["settings"] = {{"sizes", options.sizes},
                      {"filter", options.filter},
                      {"repetitions", options.repetitions},
                      {"minSecondsPerMeasurement", options.minSeconds},
                      {"threads", options.threads},
                      {"oracleMaxBytes", kOracleMaxBytes}};
  json["results"] = nlohmann::json::array();
  for (const BenchRow& row : rows) {
    nlohmann::json entry = {{"case", row.name},
                            {"path", row.path},
                            {"dtype", row.dtype},
                            {"dtypeBytes", row.dtypeBytes},
                            {"sizeBytes", row.sizeBytes},
                            {"payloadBytes", row.payloadBytes},
                            {"status", row.status}};
    if (row.status == "ok") {
      entry["backendBytesPerSecond"] = row.backendBytesPerSecond;
      entry["memcpyBytesPerSecond"] = row.memcpyBytesPerSecond;
      entry["ratio"] = row.ratio;
    } else {
      entry["detail"] = row.detail;
    }
    json["results"].push_back(std::move(entry));
  }
  return json.dump(2) + "\n";
}

}  // namespace dcconf::bench
