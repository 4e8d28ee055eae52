import { describe, expect, it } from 'vitest';
import { expandTemplate, templateVariables } from './uri-template';

// Examples from RFC 6570 section 3.2.
const vars = {
  var: 'value',
  hello: 'Hello World!',
  path: '/foo/bar',
  empty: '',
  x: '1024',
  y: '768',
  list: ['red', 'green', 'blue'],
  keys: { semi: ';', dot: '.', comma: ',' },
};

describe('expandTemplate', () => {
  it.each([
    ['{var}', 'value'],
    ['{hello}', 'Hello%20World%21'],
    ['{+hello}', 'Hello%20World!'],
    ['{+path}/here', '/foo/bar/here'],
    ['{#var}', '#value'],
    ['X{.var}', 'X.value'],
    ['{/var,x}/here', '/value/1024/here'],
    ['{;x,y,empty}', ';x=1024;y=768;empty'],
    ['{?x,y,empty}', '?x=1024&y=768&empty='],
    ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
    ['{var:3}', 'val'],
    ['{list}', 'red,green,blue'],
    ['{list*}', 'red,green,blue'],
    ['{/list*}', '/red/green/blue'],
    ['{keys}', 'semi,%3B,dot,.,comma,%2C'],
    ['{keys*}', 'semi=%3B,dot=.,comma=%2C'],
    ['{?keys*}', '?semi=%3B&dot=.&comma=%2C'],
    ['{?list*}', '?list=red&list=green&list=blue'],
    ['{undef}', ''],
    ['demo://resource/dynamic/text/{index}', 'demo://resource/dynamic/text/'],
  ])('%s', (t, out) => {
    expect(expandTemplate(t, vars)).toBe(out);
  });

  it('fills a resource template', () => {
    expect(expandTemplate('demo://resource/dynamic/text/{index}', { index: '3' })).toBe('demo://resource/dynamic/text/3');
    expect(expandTemplate('file:///{+path}', { path: 'a b/c' })).toBe('file:///a%20b/c');
  });
});

describe('templateVariables', () => {
  it('lists each name once, in order', () => {
    expect(templateVariables('x{a}{?b,c*}{/a,d:3}')).toEqual(['a', 'b', 'c', 'd']);
  });
});
