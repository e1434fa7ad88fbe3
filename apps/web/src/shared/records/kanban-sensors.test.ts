import type { DroppableContainer, SensorContext, SensorProps } from '@dnd-kit/core';
import type { MutableRefObject } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ColumnKeyboardSensor } from './kanban-keyboard';
import { ColumnMouseSensor } from './kanban-sensors';

/** A board of two columns, `a` (holding the card) and `b`, as the kanban board marks them. */
const buildBoard = () => {
  document.body.innerHTML = `
    <div data-kanban-board="">
      <section data-kanban-column="a"><ul><li data-card-id="card" tabindex="0">Card</li></ul></section>
      <section data-kanban-column="b"></section>
    </div>`;
  const [a, b] = [...document.querySelectorAll<HTMLElement>('[data-kanban-column]')] as [
    HTMLElement,
    HTMLElement,
  ];
  const card = document.querySelector<HTMLElement>('[data-card-id]') as HTMLElement;
  const container = (node: HTMLElement, column: string) =>
    ({
      id: `column:${column}`,
      key: column,
      data: { current: { column } },
      disabled: false,
      node: { current: node },
      rect: { current: null },
    }) as unknown as DroppableContainer;
  const containers = [container(a, 'a'), container(b, 'b')];
  const initial = { top: 10, left: 20, width: 100, height: 40, bottom: 50, right: 120 };
  // What dnd-kit rendered last: the card over its own column, not moved.
  const context: MutableRefObject<SensorContext> = {
    current: {
      active: {
        id: 'card',
        data: { current: { column: 'a' } },
        rect: { current: { initial, translated: initial } },
      },
      activeNode: card,
      droppableContainers: { getEnabled: () => containers },
      over: { id: 'column:a', rect: initial, data: { current: { column: 'a' } }, disabled: false },
    } as unknown as SensorContext,
  };
  return { a, b, card, context };
};

const sensorProps = <T>(
  card: HTMLElement,
  event: Event,
  context: MutableRefObject<SensorContext>,
  options: T,
) => {
  const seen: { over?: unknown; translated?: unknown } = {};
  const props = {
    active: 'card',
    activeNode: { id: 'card', key: 'card', node: { current: card }, activatorNode: { current: card } },
    event,
    context,
    options,
    onAbort: vi.fn(),
    onPending: vi.fn(),
    onStart: vi.fn(),
    onMove: vi.fn(),
    onCancel: vi.fn(),
    // What the board's drop handler reads, at the moment it runs.
    onEnd: vi.fn(() => {
      seen.over = context.current.over?.id;
      seen.translated = context.current.active?.rect.current.translated;
    }),
  } as unknown as SensorProps<T>;
  return { props, seen };
};

const press = (code: string) =>
  document.dispatchEvent(new KeyboardEvent('keydown', { code, bubbles: true, cancelable: true }));

describe('the kanban keyboard sensor', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('takes the keys pressed right after the pick-up, before any timer could run', () => {
    const { card, context } = buildBoard();
    const pickUp = new KeyboardEvent('keydown', { code: 'Space' });
    const { props } = sensorProps(card, pickUp, context, {});
    new ColumnKeyboardSensor(props);
    press('ArrowRight');
    expect(props.onMove).toHaveBeenCalledTimes(1);
    press('Escape');
    expect(props.onCancel).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[data-kanban-carried-over]')).toBeNull();
  });

  it('is not dropped by the key that picked the card up', () => {
    const { card, context } = buildBoard();
    const pickUp = new KeyboardEvent('keydown', { code: 'Space', bubbles: true });
    const { props } = sensorProps(card, pickUp, context, {});
    new ColumnKeyboardSensor(props);
    // The pick-up key goes on to the document after the board's handler built the sensor.
    document.dispatchEvent(pickUp);
    expect(props.onEnd).not.toHaveBeenCalled();
    press('Escape');
    expect(props.onCancel).toHaveBeenCalledTimes(1);
  });

  it('drops on the column the arrows reached, though the board has not rendered that step yet', () => {
    const { card, context } = buildBoard();
    const { props, seen } = sensorProps(card, new KeyboardEvent('keydown', { code: 'Space' }), context, {});
    new ColumnKeyboardSensor(props);
    press('ArrowRight');
    press('Space');
    expect(props.onEnd).toHaveBeenCalledTimes(1);
    expect(seen.over).toBe('column:b');
  });
});

describe('the kanban mouse sensor', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    Reflect.deleteProperty(document, 'elementsFromPoint');
  });

  const move = (x: number, y: number) =>
    document.dispatchEvent(new MouseEvent('mousemove', { clientX: x, clientY: y, bubbles: true }));

  it('drops where the pointer was let go, though the board has not rendered the last move yet', () => {
    const { b, card, context } = buildBoard();
    const down = new MouseEvent('mousedown', { clientX: 50, clientY: 30, bubbles: true });
    card.dispatchEvent(down);
    const { props, seen } = sensorProps(card, down, context, { activationConstraint: { distance: 6 } });
    new ColumnMouseSensor(props);
    move(60, 30);
    expect(props.onStart).toHaveBeenCalledTimes(1);
    move(200, 34);
    move(350, 40);
    // The page under the release point: the column `b` (inside the board, under the carried card's copy).
    const hit = vi.fn(() => [document.createElement('div'), b, b.parentElement as Element]);
    Object.defineProperty(document, 'elementsFromPoint', { value: hit, configurable: true });
    document.dispatchEvent(new MouseEvent('mouseup', { clientX: 350, clientY: 40, bubbles: true }));
    expect(hit).toHaveBeenCalledWith(350, 40);
    expect(props.onEnd).toHaveBeenCalledTimes(1);
    expect(seen.over).toBe('column:b');
    // The card's rectangle follows the pointer's whole way (300 right, 10 down), for a board that keeps an order.
    expect(seen.translated).toEqual({ top: 20, left: 320, width: 100, height: 40, bottom: 60, right: 420 });
  });

  it("keeps dnd-kit's answer when the pointer is let go between the columns", () => {
    const { card, context } = buildBoard();
    const down = new MouseEvent('mousedown', { clientX: 50, clientY: 30, bubbles: true });
    card.dispatchEvent(down);
    const { props, seen } = sensorProps(card, down, context, { activationConstraint: { distance: 6 } });
    new ColumnMouseSensor(props);
    move(60, 30);
    move(70, 30);
    Object.defineProperty(document, 'elementsFromPoint', {
      value: () => [document.body],
      configurable: true,
    });
    document.dispatchEvent(new MouseEvent('mouseup', { clientX: 70, clientY: 30, bubbles: true }));
    expect(seen.over).toBe('column:a');
  });
});
