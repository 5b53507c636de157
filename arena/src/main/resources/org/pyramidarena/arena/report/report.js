// Draws the report's charts with Chart.js from the JSON in #report-data (see Charts.java).
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var palette = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7',
    '#9c755f', '#bab0ac'];

  function axisTitle(text) {
    return {display: true, text: text, font: {weight: 'bold'}};
  }

  function number(value, percent) {
    if (value === null || value === undefined) {
      return '-';
    }
    return percent ? (100 * value).toFixed(1) + '%' : value.toFixed(1);
  }

  function intervalChart(spec) {
    var indexAxis = spec.horizontal ? 'y' : 'x';
    var valueAxis = spec.horizontal ? 'x' : 'y';
    var datasets = [{
      type: 'bar', label: spec.intervalLabel, indexAxis: indexAxis, order: 2,
      data: spec.low.map(function (low, i) { return low === null ? null : [low, spec.high[i]]; }),
      backgroundColor: 'rgba(78, 121, 167, 0.35)', borderColor: 'rgba(78, 121, 167, 0.9)', borderWidth: 1,
      borderSkipped: false, barPercentage: 0.55
    }, {
      type: 'line', label: spec.valueLabel, indexAxis: indexAxis, order: 1, data: spec.value, showLine: false,
      pointRadius: 5, pointHoverRadius: 7, backgroundColor: '#1f3b57', borderColor: '#1f3b57'
    }];
    if (spec.reference !== null) {
      datasets.push({
        type: 'line', label: spec.referenceLabel, indexAxis: indexAxis, order: 0,
        data: spec.labels.map(function () { return spec.reference; }),
        borderColor: '#e15759', borderDash: [6, 4], borderWidth: 1.5, pointRadius: 0, pointHoverRadius: 0
      });
    }
    var scales = {};
    scales[indexAxis] = {title: axisTitle(spec.categoryAxis), ticks: {autoSkip: false}};
    scales[valueAxis] = {title: axisTitle(spec.valueAxis)};
    if (spec.percent) {
      scales[valueAxis].min = 0;
      scales[valueAxis].ticks = {callback: function (value) { return Math.round(100 * value) + '%'; }};
    }
    return {
      type: 'bar',
      data: {labels: spec.labels, datasets: datasets},
      options: {
        indexAxis: indexAxis, scales: scales,
        plugins: {
          title: {display: true, text: spec.title},
          tooltip: {callbacks: {label: function (context) {
            var raw = context.raw;
            var text = Array.isArray(raw) ? number(raw[0], spec.percent) + ' to ' + number(raw[1], spec.percent)
              : number(raw, spec.percent);
            return context.dataset.label + ': ' + text;
          }}}
        }
      }
    };
  }

  function barChart(spec) {
    var indexAxis = spec.horizontal ? 'y' : 'x';
    var valueAxis = spec.horizontal ? 'x' : 'y';
    var scales = {};
    scales[indexAxis] = {stacked: spec.stacked, title: axisTitle(spec.categoryAxis), grid: {display: !spec.histogram}};
    scales[valueAxis] = {stacked: spec.stacked, beginAtZero: true, title: axisTitle(spec.valueAxis),
      ticks: {precision: 0}};
    return {
      type: 'bar',
      data: {
        labels: spec.labels,
        datasets: spec.series.map(function (series, i) {
          return {
            label: series.name, data: series.values, backgroundColor: palette[i % palette.length],
            barPercentage: spec.histogram ? 1 : 0.8, categoryPercentage: spec.histogram ? 1 : 0.8,
            borderColor: '#ffffff', borderWidth: spec.histogram ? 1 : 0
          };
        })
      },
      options: {
        indexAxis: indexAxis, scales: scales,
        plugins: {title: {display: true, text: spec.title}, legend: {display: spec.series.length > 1}}
      }
    };
  }

  // Several series with intervals: a point per category, the interval a thin bar behind it.
  function seriesChart(spec) {
    var datasets = [];
    spec.series.forEach(function (series, i) {
      var colour = palette[i % palette.length];
      datasets.push({
        type: 'line', label: series.name, data: series.value, showLine: spec.lines, spanGaps: false, order: 1,
        borderColor: colour, backgroundColor: colour, pointRadius: 4, pointHoverRadius: 6, borderWidth: 2
      });
      if (series.low !== null) {
        datasets.push({
          type: 'bar', label: series.name + ' (95% interval)', interval: true, grouped: false, order: 2,
          data: series.low.map(function (low, j) { return low === null ? null : [low, series.high[j]]; }),
          backgroundColor: colour + '40', borderColor: colour, borderWidth: 1, borderSkipped: false,
          barPercentage: 0.25, maxBarThickness: 16
        });
      }
    });
    if (spec.reference !== null) {
      datasets.push({
        type: 'line', label: spec.referenceLabel, order: 0, data: spec.labels.map(function () { return spec.reference; }),
        borderColor: '#e15759', borderDash: [6, 4], borderWidth: 1.5, pointRadius: 0, pointHoverRadius: 0
      });
    }
    var value = {title: axisTitle(spec.valueAxis)};
    if (spec.percent) {
      value.ticks = {callback: function (v) { return Math.round(100 * v) + '%'; }};
    }
    return {
      type: 'bar',
      data: {labels: spec.labels, datasets: datasets},
      options: {
        scales: {x: {title: axisTitle(spec.categoryAxis), ticks: {autoSkip: false}}, y: value},
        plugins: {
          title: {display: true, text: spec.title},
          legend: {labels: {filter: function (item, data) { return !data.datasets[item.datasetIndex].interval; }}},
          tooltip: {callbacks: {label: function (context) {
            var raw = context.raw;
            var text = Array.isArray(raw) ? number(raw[0], spec.percent) + ' to ' + number(raw[1], spec.percent)
              : number(raw, spec.percent);
            return context.dataset.label + ': ' + text;
          }}}
        }
      }
    };
  }

  // Curves along a number line (a rule parameter): a band for each series' interval, its line on top,
  // and on the dashed reference line each series' crossing with its interval.
  function curveChart(spec) {
    var datasets = [];
    spec.series.forEach(function (series, i) {
      var colour = palette[i % palette.length];
      var points = function (values) {
        return series.x.map(function (x, j) { return {x: x, y: values[j]}; });
      };
      datasets.push({type: 'line', label: series.name + ' (low)', band: true, data: points(series.low),
        borderWidth: 0, pointRadius: 0, fill: false, spanGaps: true});
      datasets.push({type: 'line', label: series.name + ' (95% band)', band: true, data: points(series.high),
        borderWidth: 0, pointRadius: 0, backgroundColor: colour + '30', fill: '-1', spanGaps: true});
      datasets.push({type: 'line', label: series.name, data: points(series.value), borderColor: colour,
        backgroundColor: colour, pointRadius: 4, borderWidth: 2, fill: false});
    });
    spec.markers.forEach(function (marker, i) {
      var colour = palette[i % palette.length];
      if (marker.low !== null) {
        datasets.push({type: 'line', label: marker.name + ' (95% interval)', band: true, borderColor: colour,
          borderWidth: 5, pointRadius: 0, data: [{x: marker.low, y: spec.reference}, {x: marker.high, y: spec.reference}]});
      }
      datasets.push({type: 'scatter', label: marker.name, data: [{x: marker.x, y: spec.reference}], pointStyle: 'triangle',
        pointRadius: 8, backgroundColor: colour, borderColor: '#1d2733'});
    });
    var xs = [];
    spec.series.forEach(function (series) { xs = xs.concat(series.x); });
    datasets.push({type: 'line', label: spec.referenceLabel, data: [{x: Math.min.apply(null, xs), y: spec.reference},
      {x: Math.max.apply(null, xs), y: spec.reference}], borderColor: '#e15759', borderDash: [6, 4], borderWidth: 1.5,
      pointRadius: 0});
    var y = {title: axisTitle(spec.yAxis)};
    if (spec.percent) {
      y.ticks = {callback: function (v) { return Math.round(100 * v) + '%'; }};
    }
    return {
      type: 'line',
      data: {datasets: datasets},
      options: {
        scales: {x: {type: 'linear', title: axisTitle(spec.xAxis)}, y: y},
        plugins: {
          title: {display: true, text: spec.title},
          legend: {labels: {filter: function (item, data) { return !data.datasets[item.datasetIndex].band; }}},
          tooltip: {callbacks: {label: function (context) {
            return context.dataset.label + ': ' + spec.xAxis + ' ' + context.raw.x + ', '
              + number(context.raw.y, spec.percent);
          }}}
        }
      }
    };
  }

  // A link under each chart that saves it as a PNG image.
  function exportLink(container, canvas, id) {
    var link = document.createElement('a');
    link.className = 'export';
    link.textContent = 'Save as PNG';
    link.href = '#';
    link.addEventListener('click', function (event) {
      event.preventDefault();
      link.href = canvas.toDataURL('image/png');
      link.download = id + '.png';
      var save = document.createElement('a');
      save.href = link.href;
      save.download = link.download;
      save.click();
    });
    container.insertAdjacentElement('afterend', link);
  }

  Chart.defaults.animation = false;
  Chart.defaults.maintainAspectRatio = false;
  var drawn = 0;
  data.charts.forEach(function (spec) {
    var container = document.getElementById(spec.id);
    var canvas = container.querySelector('canvas');
    new Chart(canvas, spec.kind === 'interval' ? intervalChart(spec)
      : spec.kind === 'series' ? seriesChart(spec) : spec.kind === 'curve' ? curveChart(spec) : barChart(spec));
    exportLink(container, canvas, spec.id);
    drawn++;
  });
  document.body.setAttribute('data-charts-drawn', String(drawn));
}());
