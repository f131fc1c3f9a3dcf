// Draws the report's charts from the JSON in #report-data with the inlined ECharts, and makes every
// table sortable. Names from the dataset reach the charts only as canvas text (tooltips included),
// never as HTML.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var common = {
    animation: false,
    tooltip: { trigger: 'axis', renderMode: 'richText' },
    grid: { left: 70, right: 30, top: 40, bottom: 90, containLabel: true }
  };

  function axisLabel() {
    return { interval: 0, rotate: 20, width: 160, overflow: 'truncate' };
  }

  function whiskers(params, api) {
    var x = api.value(0);
    var low = api.coord([x, api.value(1)]);
    var high = api.coord([x, api.value(2)]);
    var half = api.size([1, 0])[0] * 0.12;
    var style = { stroke: '#1d2329', lineWidth: 1.5 };
    return {
      type: 'group',
      children: [
        { type: 'line', shape: { x1: low[0], y1: low[1], x2: high[0], y2: high[1] }, style: style },
        { type: 'line', shape: { x1: low[0] - half, y1: low[1], x2: low[0] + half, y2: low[1] }, style: style },
        { type: 'line', shape: { x1: high[0] - half, y1: high[1], x2: high[0] + half, y2: high[1] }, style: style }
      ]
    };
  }

  function means(spec) {
    var ci = [];
    spec.categories.forEach(function (c, i) {
      if (spec.low[i] !== null && spec.high[i] !== null) {
        // a log axis has no zero: a bound at or below it is drawn from the mean
        var low = spec.log && !(spec.low[i] > 0) ? spec.means[i] : Math.max(0, spec.low[i]);
        ci.push([i, low, spec.high[i]]);
      }
    });
    return Object.assign({}, common, {
      xAxis: { type: 'category', data: spec.categories, axisLabel: axisLabel() },
      // means more than 10x apart: a log axis, so the small ones are not flattened to nothing
      yAxis: spec.log ? { type: 'log', name: spec.unit + ' (log scale)' } : { type: 'value', name: spec.unit },
      series: [
        { name: 'mean', type: 'bar', data: spec.means, itemStyle: { color: '#5470c6' } },
        { name: '95% CI', type: 'custom', renderItem: whiskers, data: ci, encode: { x: 0, y: [1, 2] }, z: 10 }
      ]
    });
  }

  function grouped(spec) {
    return Object.assign({}, common, {
      legend: { type: 'scroll', top: 0 },
      xAxis: { type: 'category', data: spec.categories, axisLabel: axisLabel() },
      yAxis: { type: 'value', name: spec.unit },
      series: spec.series.map(function (s) { return { name: s.name, type: 'bar', data: s.data }; })
    });
  }

  // bars side by side in each category, touching, the categories 30% apart: the whisker of series j
  // of k stands at the middle of its bar
  var GAP = 0.3;

  function groupedWhiskers(count) {
    return function (params, api) {
      var band = api.size([1, 0])[0];
      var width = band * (1 - GAP) / count;
      var shift = -band * (1 - GAP) / 2 + width * (api.value(3) + 0.5);
      var low = api.coord([api.value(0), api.value(1)]);
      var high = api.coord([api.value(0), api.value(2)]);
      var x = low[0] + shift;
      var half = width * 0.2;
      var style = { stroke: '#1d2329', lineWidth: 1.5 };
      return {
        type: 'group',
        children: [
          { type: 'line', shape: { x1: x, y1: low[1], x2: x, y2: high[1] }, style: style },
          { type: 'line', shape: { x1: x - half, y1: low[1], x2: x + half, y2: low[1] }, style: style },
          { type: 'line', shape: { x1: x - half, y1: high[1], x2: x + half, y2: high[1] }, style: style }
        ]
      };
    };
  }

  function groupedMeans(spec) {
    var ci = [];
    spec.series.forEach(function (s, j) {
      spec.categories.forEach(function (c, i) {
        if (s.means[i] !== null && s.low[i] !== null && s.high[i] !== null) {
          var low = spec.log && !(s.low[i] > 0) ? s.means[i] : Math.max(0, s.low[i]);
          ci.push([i, low, s.high[i], j]);
        }
      });
    });
    var bars = spec.series.map(function (s) {
      return { name: s.name, type: 'bar', data: s.means, barGap: '0%', barCategoryGap: (GAP * 100) + '%' };
    });
    bars.push({
      name: '95% CI', type: 'custom', renderItem: groupedWhiskers(spec.series.length), data: ci,
      encode: { x: 0, y: [1, 2] }, z: 10
    });
    return Object.assign({}, common, {
      legend: { type: 'scroll', top: 0, data: spec.series.map(function (s) { return s.name; }) },
      xAxis: { type: 'category', data: spec.categories, axisLabel: axisLabel() },
      yAxis: spec.log ? { type: 'log', name: spec.unit + ' (log scale)' } : { type: 'value', name: spec.unit },
      series: bars
    });
  }

  // a change point: a vertical line at its run, labelled with the ratio of the new level to the old
  function changePoints(marks) {
    return {
      symbol: 'none', silent: true, animation: false,
      data: marks.map(function (m) {
        var colour = m.worse ? '#b3261e' : '#2e7d32';
        return {
          xAxis: m.x, name: m.run,
          lineStyle: { color: colour, type: 'solid', width: 1.5 },
          label: { formatter: m.label, position: 'end', color: colour }
        };
      })
    };
  }

  function lines(spec) {
    return Object.assign({}, common, {
      legend: { type: 'scroll', top: 0 },
      xAxis: spec.time ? { type: 'time' } : { type: 'value', name: spec.xName },
      yAxis: { type: 'value', name: spec.unit },
      series: spec.series.map(function (s) {
        var line = {
          name: s.name, type: 'line', data: s.data, showSymbol: spec.time === true,
          lineStyle: s.dashed ? { type: 'dashed' } : {}
        };
        if (s.marks && s.marks.length > 0) {
          line.markLine = changePoints(s.marks);
        }
        return line;
      })
    });
  }

  var builders = { means: means, grouped: grouped, groupedMeans: groupedMeans, lines: lines };
  var drawn = [];
  document.querySelectorAll('[data-chart]').forEach(function (element) {
    var spec = data.charts[element.getAttribute('data-chart')];
    var chart = echarts.init(element, null, { renderer: 'canvas' });
    chart.setOption(builders[spec.kind](spec));
    element.setAttribute('data-rendered', 'true');
    drawn.push(chart);
  });
  window.addEventListener('resize', function () {
    drawn.forEach(function (chart) { chart.resize(); });
  });

  function cellValue(row, column, numeric) {
    var text = row.cells[column] ? row.cells[column].textContent : '';
    if (!numeric) {
      return text;
    }
    var number = parseFloat(text.replace(/[^0-9eE.+-]/g, ''));
    return isNaN(number) ? -Infinity : number;
  }

  document.querySelectorAll('table.sortable').forEach(function (table) {
    var headers = table.querySelectorAll('th');
    headers.forEach(function (th, column) {
      th.addEventListener('click', function () {
        var ascending = !th.classList.contains('sorted-asc');
        var numeric = th.classList.contains('num');
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = cellValue(a, column, numeric);
          var y = cellValue(b, column, numeric);
          var order = numeric ? x - y : String(x).localeCompare(String(y));
          return ascending ? order : -order;
        });
        rows.forEach(function (row) { body.appendChild(row); });
        headers.forEach(function (h) { h.classList.remove('sorted-asc', 'sorted-desc'); });
        th.classList.add(ascending ? 'sorted-asc' : 'sorted-desc');
      });
    });
  });
})();
